/**
 * A fake Mailchimp Marketing API (3.0) on a loopback port, for the connection test.
 *
 *   npx tsx tools/fake-mailchimp/server.ts --port 0 [--api-key KEY-us6] [--json]
 *
 * Paths are `/{dc}/3.0/…` (MAILCHIMP_API_BASE_URL=http://127.0.0.1:PORT/{dc}/3.0), so a test sees which
 * data centre the API chose. HTTP Basic with the one accepted key, on the data centre its suffix names;
 * anything else is 401 "API Key Invalid" (or "API Key Missing"), as Mailchimp answers. `GET ping` answers
 * the health status; `GET lists/{id}` the audience (404 "Resource Not Found" for another id). Faults and
 * the recorded requests: the control API of tools/lib/fake-service.ts under `/__fake`.
 */
import type { FakeMailchimpStartedLine } from '@app/contracts/fake-services';
import { parseOptions, wholeNumber } from '../lib/args';
import { type FakeAnswer, type RunningFakeService, startFakeService } from '../lib/fake-service';
import { closeOnSignal } from '../lib/process';

export const FAKE_MAILCHIMP_KEY = '0123456789abcdef0123456789abcdef-us6';
export const FAKE_AUDIENCE = { id: 'a1b2c3d4e5', name: 'Fake Newsletter', memberCount: 42 } as const;

const ERRORS_DOC = 'https://mailchimp.com/developer/marketing/docs/errors/';
const problem = (status: number, title: string, detail: string): FakeAnswer => ({
  status,
  body: { type: ERRORS_DOC, title, status, detail, instance: '00000000-0000-0000-0000-000000000000' },
});

function handler(apiKey: string) {
  const dc = /-([a-z]+\d+)$/.exec(apiKey)?.[1];
  return ({
    method,
    path,
    headers,
  }: {
    method: string;
    path: string;
    headers: Record<string, unknown>;
  }): FakeAnswer => {
    const url = new URL(path, 'http://fake');
    const match = /^\/([^/]+)\/3\.0(\/.*)$/.exec(url.pathname);
    if (!match) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    const [, requestDc, route] = match;
    const auth = typeof headers.authorization === 'string' ? headers.authorization : '';
    if (!auth.startsWith('Basic ')) {
      return problem(401, 'API Key Missing', 'Your request did not include an API key.');
    }
    const key = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':').slice(1).join(':');
    if (key !== apiKey || requestDc !== dc) {
      return problem(
        401,
        'API Key Invalid',
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      );
    }
    if (method === 'GET' && route === '/ping')
      return { status: 200, body: { health_status: "Everything's Chimpy!" } };
    const list = /^\/lists\/([^/]+)$/.exec(route);
    if (method === 'GET' && list) {
      if (decodeURIComponent(list[1]) !== FAKE_AUDIENCE.id) {
        return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      }
      return {
        status: 200,
        body: {
          id: FAKE_AUDIENCE.id,
          name: FAKE_AUDIENCE.name,
          stats: { member_count: FAKE_AUDIENCE.memberCount },
        },
      };
    }
    return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
  };
}

export interface RunningFakeMailchimp extends RunningFakeService {
  /** MAILCHIMP_API_BASE_URL */
  apiBaseUrl: string;
  apiKey: string;
}

export async function startFakeMailchimp(
  options: { port?: number; host?: string; apiKey?: string } = {},
): Promise<RunningFakeMailchimp> {
  const apiKey = options.apiKey ?? FAKE_MAILCHIMP_KEY;
  const service = await startFakeService({ ...options, handle: handler(apiKey) });
  return { ...service, apiBaseUrl: `${service.url}/{dc}/3.0`, apiKey };
}

const USAGE = 'Usage: tsx tools/fake-mailchimp/server.ts [--port N] [--host H] [--api-key KEY-dc] [--json]';

async function main(): Promise<void> {
  const values = parseOptions(
    process.argv.slice(2),
    {
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    USAGE,
  );
  const fake = await startFakeMailchimp({
    port: wholeNumber('port', values.port) ?? 0,
    host: values.host,
    apiKey: values['api-key'],
  });
  const line: FakeMailchimpStartedLine = {
    url: fake.url,
    controlUrl: fake.controlUrl,
    apiBaseUrl: fake.apiBaseUrl,
    apiKey: fake.apiKey,
    audience: { ...FAKE_AUDIENCE },
  };
  console.log(
    values.json
      ? JSON.stringify(line)
      : `Fake Mailchimp:\n  MAILCHIMP_API_BASE_URL=${fake.apiBaseUrl}\n  key ${fake.apiKey}\nCtrl-C stops it.`,
  );
  closeOnSignal(fake);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
