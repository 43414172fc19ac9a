/**
 * A fake WebSub hub (YouTube's is https://pubsubhubbub.appspot.com/subscribe), for the push tests of issue 24.
 *
 *   npx tsx tools/fake-websub-hub/server.ts --port 0 [--json]
 *
 * `POST /subscribe` takes the form of a subscribe or unsubscribe request (`hub.mode`, `hub.topic`,
 * `hub.callback`, `hub.secret`, `hub.lease_seconds`), answers 202, then verifies the intent with a GET to the
 * callback carrying `hub.mode`, `hub.topic`, `hub.challenge` and `hub.lease_seconds`; a subscription is kept
 * only when the callback echoes the challenge. As the real hub, it calls exactly the callback URL it was given,
 * its query string (the subscriber's token) kept, with the `hub.*` parameters added, and a subscription is
 * the pair of that URL and the topic. The control API under `/__fake`:
 * - `GET requests`: every request received, with its verification's outcome;
 * - `POST verify` `{ callback, mode, topic, leaseSeconds? }`: one verification GET as asked (wrong topic or mode);
 * - `POST publish` `{ topic, xml, signing: good|bad|none, times? }`: POSTs the Atom body to each verified
 *   subscriber of the topic, `times` times, signed `X-Hub-Signature: sha1=…` as asked; answers the statuses;
 * - `POST fault` `{ status }` / `{}`: answer subscribe requests with that status (no verification);
 * - `POST hold` `{ hold: true|false }`: record and accept (202) subscribe requests without verifying them, so a
 *   test verifies (or forges) them itself with `verify`;
 * - `POST reset`.
 */
import type { FakeWebsubRequest, FakeWebsubSigning } from '@app/contracts/fake-services';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseOptions, wholeNumber } from '../lib/args';
import { closeOnSignal } from '../lib/process';

export interface Verification {
  status: number;
  body: string;
  challenge: string;
}

/** One intent verification GET against a callback. */
export async function verifyIntent(options: {
  callback: string;
  mode: string;
  topic: string;
  leaseSeconds?: number | null;
}): Promise<Verification> {
  const challenge = randomBytes(12).toString('hex');
  const url = new URL(options.callback);
  url.searchParams.set('hub.mode', options.mode);
  url.searchParams.set('hub.topic', options.topic);
  url.searchParams.set('hub.challenge', challenge);
  if (options.leaseSeconds != null) url.searchParams.set('hub.lease_seconds', String(options.leaseSeconds));
  const response = await fetch(url);
  return { status: response.status, body: await response.text(), challenge };
}

/** As the real hub: a callback that cannot be reached yet is tried again (5 times, 200 ms apart). */
async function verifyWithRetries(options: Parameters<typeof verifyIntent>[0]): Promise<Verification> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await verifyIntent(options);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** `sha1=<HMAC-SHA1 of the body>` as the hub signs, with the subscriber's secret. */
export function signature(body: string, secret: string): string {
  return `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;
}

interface Subscription {
  callback: string;
  topic: string;
  secret: string | null;
}

export interface RunningFakeHub {
  url: string;
  controlUrl: string;
  server: Server;
  requests: FakeWebsubRequest[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body?: unknown) => {
  if (body === undefined) return void res.writeHead(status).end();
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
};

export async function startFakeWebsubHub(
  options: { port?: number; host?: string } = {},
): Promise<RunningFakeHub> {
  const requests: FakeWebsubRequest[] = [];
  const subscriptions = new Map<string, Subscription>();
  let fault: number | null = null;
  let hold = false;
  const key = (s: { callback: string; topic: string }) => `${s.callback} ${s.topic}`;

  const subscribe = async (form: URLSearchParams, res: ServerResponse) => {
    const mode = form.get('hub.mode') ?? '';
    const topic = form.get('hub.topic') ?? '';
    const callback = form.get('hub.callback') ?? '';
    if (fault !== null) return send(res, fault, { error: 'fault' });
    if (!['subscribe', 'unsubscribe'].includes(mode) || !topic || !/^https?:\/\//.test(callback)) {
      return send(res, 400, { error: 'hub.mode, hub.topic and hub.callback are required' });
    }
    const lease = Number(form.get('hub.lease_seconds') ?? '') || null;
    const request: FakeWebsubRequest = {
      mode,
      topic,
      callback,
      secret: form.get('hub.secret'),
      leaseSeconds: lease,
      verification: null,
    };
    requests.push(request);
    send(res, 202);
    if (hold) return;
    // Verified after the answer, as the real hub does ("async").
    setTimeout(() => {
      const leaseSeconds = mode === 'subscribe' ? (lease ?? 432000) : null;
      verifyWithRetries({ callback, mode, topic, leaseSeconds })
        .then((v) => {
          const echoed = v.status >= 200 && v.status < 300 && v.body === v.challenge;
          request.verification = { status: v.status, echoed };
          if (!echoed) return;
          if (mode === 'subscribe')
            subscriptions.set(key(request), { callback, topic, secret: request.secret });
          else subscriptions.delete(key(request));
        })
        .catch(() => (request.verification = { status: 0, echoed: false }));
    }, 10);
  };

  const publish = async (body: {
    topic: string;
    xml: string;
    signing: FakeWebsubSigning;
    times?: number;
  }) => {
    const statuses: number[] = [];
    for (const subscription of subscriptions.values()) {
      if (subscription.topic !== body.topic) continue;
      for (let i = 0; i < (body.times ?? 1); i++) {
        const headers: Record<string, string> = { 'Content-Type': 'application/atom+xml' };
        if (body.signing === 'good')
          headers['X-Hub-Signature'] = signature(body.xml, subscription.secret ?? '');
        if (body.signing === 'bad') headers['X-Hub-Signature'] = signature(body.xml, 'not-the-secret');
        const response = await fetch(subscription.callback, { method: 'POST', headers, body: body.xml });
        statuses.push(response.status);
        await response.arrayBuffer();
      }
    }
    return statuses;
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    readBody(req)
      .then(async (text) => {
        if (req.method === 'POST' && path === '/subscribe') return subscribe(new URLSearchParams(text), res);
        if (req.method === 'GET' && path === '/__fake/requests') return send(res, 200, requests);
        if (req.method === 'POST' && path === '/__fake/reset') {
          requests.length = 0;
          subscriptions.clear();
          fault = null;
          hold = false;
          return send(res, 200, {});
        }
        const json = text ? JSON.parse(text) : {};
        if (req.method === 'POST' && path === '/__fake/fault') {
          fault = typeof json.status === 'number' ? json.status : null;
          return send(res, 200, {});
        }
        if (req.method === 'POST' && path === '/__fake/hold') {
          hold = json.hold === true;
          return send(res, 200, {});
        }
        if (req.method === 'POST' && path === '/__fake/verify')
          return send(res, 200, await verifyIntent(json));
        if (req.method === 'POST' && path === '/__fake/publish')
          return send(res, 200, { statuses: await publish(json) });
        send(res, 404, { error: 'not found' });
      })
      .catch((error: Error) => send(res, 500, { error: error.message }));
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { address, port } = server.address() as AddressInfo;
  const origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    url: `${origin}/subscribe`,
    controlUrl: `${origin}/__fake`,
    server,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const USAGE = 'Usage: tsx tools/fake-websub-hub/server.ts [--port N] [--host H] [--json]';

async function main(): Promise<void> {
  const values = parseOptions(
    process.argv.slice(2),
    { port: { type: 'string' }, host: { type: 'string' }, json: { type: 'boolean', default: false } },
    USAGE,
  );
  const hub = await startFakeWebsubHub({ port: wholeNumber('port', values.port) ?? 0, host: values.host });
  console.log(
    values.json
      ? JSON.stringify({ url: hub.url, controlUrl: hub.controlUrl })
      : `Fake WebSub hub: ${hub.url}\nCtrl-C stops it.`,
  );
  closeOnSignal(hub);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
