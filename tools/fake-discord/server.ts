/**
 * A fake Discord webhook API on a loopback port, for the connection test and notification tests.
 *
 *   npx tsx tools/fake-discord/server.ts --port 0 [--json]
 *
 * `GET /api/webhooks/{id}/{token}` answers the webhook as Discord does (name, channel_id, guild_id,
 * without posting); a wrong token is 401 "Invalid Webhook Token", an unknown id 404 "Unknown Webhook".
 * `POST` to the same URL accepts a message (204, or 200 with `?wait=true`). Faults and the recorded
 * requests: the control API of tools/lib/fake-service.ts under `/__fake`.
 */
import type { FakeDiscordStartedLine } from '@app/contracts/fake-services';
import { parseOptions, wholeNumber } from '../lib/args';
import { type FakeAnswer, type RunningFakeService, startFakeService } from '../lib/fake-service';
import { closeOnSignal } from '../lib/process';

export const FAKE_WEBHOOK = {
  id: '1300000000000000001',
  token: 'fake-webhook-token',
  name: 'Fake Discord Hook',
  channel_id: '1300000000000000002',
  guild_id: '1300000000000000003',
} as const;

const unknownWebhook = { status: 404, body: { message: 'Unknown Webhook', code: 10015 } };
const invalidToken = { status: 401, body: { message: 'Invalid Webhook Token', code: 50027 } };

type Webhook = { [K in keyof typeof FAKE_WEBHOOK]: string };

const handler =
  (webhook: Webhook) =>
  ({ method, path }: { method: string; path: string }): FakeAnswer => {
    const url = new URL(path, 'http://fake');
    const match = /^\/api(?:\/v\d+)?\/webhooks\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
    if (!match) return { status: 404, body: { message: '404: Not Found', code: 0 } };
    const [, id, token] = match;
    if (id !== webhook.id) return unknownWebhook;
    if (token !== webhook.token) return invalidToken;
    if (method === 'GET') {
      return {
        status: 200,
        body: { type: 1, application_id: null, avatar: null, ...webhook },
      };
    }
    if (method === 'POST') {
      if (url.searchParams.get('wait') === 'true') {
        return { status: 200, body: { id: '1300000000000000099', channel_id: webhook.channel_id } };
      }
      return { status: 204 };
    }
    return { status: 405, body: { message: '405: Method Not Allowed', code: 0 } };
  };

export interface RunningFakeDiscord extends RunningFakeService {
  webhookUrl: string;
  webhook: Webhook;
}

export async function startFakeDiscord(
  options: { port?: number; host?: string; id?: string; token?: string } = {},
): Promise<RunningFakeDiscord> {
  const webhook: Webhook = {
    ...FAKE_WEBHOOK,
    id: options.id ?? FAKE_WEBHOOK.id,
    token: options.token ?? FAKE_WEBHOOK.token,
  };
  const service = await startFakeService({
    port: options.port,
    host: options.host,
    handle: handler(webhook),
  });
  return { ...service, webhook, webhookUrl: `${service.url}/api/webhooks/${webhook.id}/${webhook.token}` };
}

const USAGE =
  'Usage: tsx tools/fake-discord/server.ts [--port N] [--host H] [--id WEBHOOK_ID] [--token TOKEN] [--json]';

async function main(): Promise<void> {
  const values = parseOptions(
    process.argv.slice(2),
    {
      port: { type: 'string' },
      host: { type: 'string' },
      id: { type: 'string' },
      token: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    USAGE,
  );
  const fake = await startFakeDiscord({
    port: wholeNumber('port', values.port) ?? 0,
    host: values.host,
    id: values.id,
    token: values.token,
  });
  const { guild_id: _guild, ...webhook } = fake.webhook;
  const line: FakeDiscordStartedLine = {
    url: fake.url,
    controlUrl: fake.controlUrl,
    webhookUrl: fake.webhookUrl,
    webhook,
  };
  console.log(
    values.json ? JSON.stringify(line) : `Fake Discord: webhook ${fake.webhookUrl}\nCtrl-C stops it.`,
  );
  closeOnSignal(fake);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
