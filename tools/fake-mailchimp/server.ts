/**
 * A fake Mailchimp Marketing API (3.0) on a loopback port, for the connection test.
 *
 *   npx tsx tools/fake-mailchimp/server.ts --port 0 [--api-key KEY-us6] [--json]
 *
 * Paths are `/{dc}/3.0/…` (MAILCHIMP_API_BASE_URL=http://127.0.0.1:PORT/{dc}/3.0), so a test sees which
 * data centre the API chose. HTTP Basic with the one accepted key, on the data centre its suffix names;
 * anything else is 401 "API Key Invalid" (or "API Key Missing"), as Mailchimp answers. `GET ping` answers
 * the health status; `GET lists/{id}` the audience (404 "Resource Not Found" for another id).
 *
 * Members of that audience (the newsletter sign-up), kept in memory until `POST /__fake/reset`:
 * `PUT lists/{id}/members/{md5 of the lower-cased address}` adds or updates one (`status_if_new` for a new
 * member, `status` to change one; a hash that is not the address's, or an address at example.com, which
 * Mailchimp calls fake, is 400 "Invalid Resource"); `GET` answers it; `POST …/actions/delete-permanent`
 * erases it (404 when absent). Faults (503, a hang, a dropped connection) and the recorded requests: the
 * control API of tools/lib/fake-service.ts under `/__fake`.
 */
import type { FakeMailchimpStartedLine } from '@app/contracts/fake-services';
import { createHash } from 'node:crypto';
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

interface Member {
  email_address: string;
  status: string;
}
const MEMBER_STATUSES = ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'];

const memberHash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

function parseBody(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The audience's members: `lists/{id}/members/{hash}[/actions/delete-permanent]`. */
function memberRoute(
  members: Map<string, Member>,
  method: string,
  hash: string,
  action: string | undefined,
  body: string,
): FakeAnswer {
  const member = members.get(hash);
  const view = (m: Member) => ({ id: hash, list_id: FAKE_AUDIENCE.id, ...m });
  const notFound = problem(404, 'Resource Not Found', 'The requested resource could not be found.');
  if (action === 'actions/delete-permanent' && method === 'POST') {
    if (!member) return notFound;
    members.delete(hash);
    return { status: 204 };
  }
  if (action) return notFound;
  if (method === 'GET') return member ? { status: 200, body: view(member) } : notFound;
  if (method !== 'PUT') return problem(405, 'Method Not Allowed', 'The requested method is not allowed.');
  const fields = parseBody(body);
  const email = typeof fields.email_address === 'string' ? fields.email_address : '';
  const invalid = (detail: string) => problem(400, 'Invalid Resource', detail);
  if (!email) return invalid('The resource submitted could not be validated: email_address is required.');
  if (memberHash(email) !== hash) return invalid('The subscriber hash does not match the email address.');
  if (/@example\.com$/i.test(email)) {
    return invalid(`${email} looks fake or invalid, please enter a real email address.`);
  }
  const status = typeof fields.status === 'string' ? fields.status : undefined;
  const ifNew = typeof fields.status_if_new === 'string' ? fields.status_if_new : undefined;
  if (member) {
    if (status && MEMBER_STATUSES.includes(status)) member.status = status;
    return { status: 200, body: view(member) };
  }
  const initial = ifNew ?? status;
  if (!initial || !MEMBER_STATUSES.includes(initial)) {
    return invalid('The resource submitted could not be validated: status_if_new is required.');
  }
  const created = { email_address: email, status: initial };
  members.set(hash, created);
  return { status: 200, body: view(created) };
}

function handler(apiKey: string, members: Map<string, Member>) {
  const dc = /-([a-z]+\d+)$/.exec(apiKey)?.[1];
  return ({
    method,
    path,
    headers,
    body,
  }: {
    method: string;
    path: string;
    headers: Record<string, unknown>;
    body: string;
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
    const member = /^\/lists\/([^/]+)\/members\/([0-9a-f]{32})(?:\/(.+))?$/.exec(route);
    if (member) {
      if (decodeURIComponent(member[1]) !== FAKE_AUDIENCE.id) {
        return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      }
      return memberRoute(members, method, member[2], member[3], body);
    }
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
  const members = new Map<string, Member>();
  const service = await startFakeService({
    ...options,
    handle: handler(apiKey, members),
    onReset: () => members.clear(),
  });
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
