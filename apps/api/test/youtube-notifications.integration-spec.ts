import type { NotificationDelivery, SyncStatus } from '@app/contracts';
import type { FakeVideo } from '@app/contracts/fake-youtube';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type TestAgent from 'supertest/lib/agent';
import { verifyWebhookSignature } from '../src/notifications/webhook-signature';
import type { FakeYouTube } from './support/fake-youtube';
import { saveSettings, useStack } from './support/stack';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver on 127.0.0.1: records every request; `answer` decides the response. */
async function startReceiver(): Promise<{
  server: Server;
  url: string;
  received: Received[];
  answer: (path: string) => { status: number; headers?: Record<string, string> } | 'hang';
}> {
  const received: Received[] = [];
  const receiver = {
    server: undefined as unknown as Server,
    url: '',
    received,
    answer: (_path: string): { status: number; headers?: Record<string, string> } | 'hang' => ({
      status: 204,
    }),
  };
  receiver.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      const answer = receiver.answer(req.url ?? '');
      if (answer === 'hang') return;
      res.writeHead(answer.status, answer.headers);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  return receiver;
}

async function waitFor<T>(
  read: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const SECRET = 'receiver-shared-secret';
const TEMPLATE = 'New: {title} | {url} | {description}';

describe('new-video notifications', () => {
  let fake: FakeYouTube;
  let admin: TestAgent;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  useStack(
    {
      youtube: { videos: 30, playlists: 2 },
      settings: () => ({
        enableDiscordWebhook: true,
        discordWebhook: `${receiver.url}/discord`,
        discordMessageTemplate: TEMPLATE,
        enableCustomWebhook: true,
        customWebhookUrl: `${receiver.url}/hook`,
        customWebhookSecret: SECRET,
      }),
    },
    (s) => ({ youtube: fake, admin } = s),
  );
  afterAll(() => receiver?.server.close());

  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answer = () => ({ status: 204 });
  });

  const lastRun = async () => ((await admin.get('/api/sync/status').expect(200)).body as SyncStatus).lastRun!;
  const deliveries = () =>
    waitFor(async () => (await lastRun()).notifications ?? undefined) as Promise<NotificationDelivery[]>;

  it('never notifies on the first sync (the demo channel is replaced)', async () => {
    const res = await admin.post('/api/sync/youtube').expect(200);
    expect(res.body.added).toBe(32);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toEqual([]);
    expect((await lastRun()).notifications).toBeNull();
  });

  it('sends the Discord template and a signed video.published event for each new video, oldest first', async () => {
    const added = (await fake.addVideos(2)).reverse(); // oldest first
    const started = Math.floor(Date.now() / 1000);
    const res = await admin.post('/api/sync/youtube').expect(200);
    expect(res.body).toMatchObject({ added: 2 });

    const all = await waitFor(() => (receiver.received.length === 4 ? receiver.received : undefined));
    const discord = all.filter((r) => r.path === '/discord');
    const hooks = all.filter((r) => r.path === '/hook');

    expect(discord.map((r) => JSON.parse(r.body))).toEqual(
      added.map((v: FakeVideo) => ({
        content: `New: ${v.title} | https://www.youtube.com/watch?v=${v.id} | ${v.description}`,
        allowed_mentions: { parse: [] },
      })),
    );
    expect(discord[0].headers['content-type']).toBe('application/json');

    expect(hooks).toHaveLength(2);
    for (const [i, hook] of hooks.entries()) {
      expect(verifyWebhookSignature(hook.body, SECRET, hook.headers['x-webhook-signature'] as string)).toBe(
        true,
      );
      expect(
        verifyWebhookSignature(hook.body, 'another-secret', hook.headers['x-webhook-signature'] as string),
      ).toBe(false);
      const event = JSON.parse(hook.body);
      expect(hook.headers['x-webhook-event']).toBe('video.published');
      expect(hook.headers['x-webhook-id']).toBe(event.id);
      expect(hook.headers['x-webhook-timestamp']).toBe(String(event.timestamp));
      expect(event.timestamp).toBeGreaterThanOrEqual(started);
      expect(event).toEqual({
        event: 'video.published',
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        timestamp: expect.any(Number),
        channel: {
          id: fake.channelId,
          title: 'Fake Channel',
          url: `https://www.youtube.com/channel/${fake.channelId}`,
        },
        video: {
          id: added[i].id,
          title: added[i].title,
          description: added[i].description,
          url: `https://www.youtube.com/watch?v=${added[i].id}`,
          thumbnail: `https://i.ytimg.com/vi/${added[i].id}/hqdefault.jpg`,
          publishedAt: new Date(added[i].publishedAt).toISOString(),
          duration: expect.stringMatching(/^\d+:\d\d(:\d\d)?$/),
          durationSeconds: expect.any(Number),
          kind: expect.stringMatching(/^(video|short)$/),
        },
      });
    }
    const recorded = await deliveries();
    expect(recorded).toHaveLength(4);
    expect(recorded.every((d) => d.ok && d.status === 204 && d.error === null)).toBe(true);
  });

  it('does not notify again for videos it already has', async () => {
    await admin.post('/api/sync/youtube').expect(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toEqual([]);
  });

  it('records a failed delivery and a refused redirect without failing the sync', async () => {
    receiver.answer = (path) =>
      path === '/discord'
        ? { status: 500 }
        : { status: 302, headers: { Location: `${receiver.url}/elsewhere` } };
    const [video] = await fake.addVideos(1);
    await admin.post('/api/sync/youtube').expect(200);
    const recorded = await deliveries();
    expect(recorded).toEqual(
      expect.arrayContaining([
        { target: 'discord', videoId: video.id, ok: false, status: 500, error: 'answered 500' },
        {
          target: 'webhook',
          videoId: video.id,
          ok: false,
          status: 302,
          error: 'answered 302 (redirects are not followed)',
        },
      ]),
    );
    expect(receiver.received.map((r) => r.path).sort()).toEqual(['/discord', '/hook']);
  });

  it('gives up on a receiver that does not answer within 5 s', async () => {
    receiver.answer = (path) => (path === '/hook' ? 'hang' : { status: 204 });
    const [video] = await fake.addVideos(1);
    const before = Date.now();
    await admin.post('/api/sync/youtube').expect(200);
    // The sync answers before the hung receiver's 5 s; the deliveries finish in the background.
    expect(Date.now() - before).toBeLessThan(4500);
    const recorded = await deliveries();
    expect(Date.now() - before).toBeGreaterThanOrEqual(4900);
    expect(recorded).toEqual(
      expect.arrayContaining([
        { target: 'discord', videoId: video.id, ok: true, status: 204, error: null },
        { target: 'webhook', videoId: video.id, ok: false, status: null, error: 'no answer within 5 s' },
      ]),
    );
  }, 20_000);
});

describe('webhook targets in production', () => {
  let fake: FakeYouTube;
  let admin: TestAgent;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  useStack({ youtube: { videos: 5, playlists: 1 }, production: true }, (s) => ({ youtube: fake, admin } = s));
  beforeAll(async () => {
    await admin.post('/api/sync/youtube').expect(200);
  });
  afterAll(() => receiver?.server.close());

  async function deliveriesTo(discord: string, hook: string): Promise<NotificationDelivery[]> {
    await saveSettings(admin, {
      enableDiscordWebhook: true,
      discordWebhook: discord,
      enableCustomWebhook: true,
      customWebhookUrl: hook,
      customWebhookSecret: SECRET,
    });
    await fake.addVideos(1);
    await admin.post('/api/sync/youtube').expect(200);
    return waitFor(
      async () =>
        ((await admin.get('/api/sync/status').expect(200)).body as SyncStatus).lastRun!.notifications ??
        undefined,
    );
  }

  it('refuses loopback and private addresses before connecting', async () => {
    const port = new URL(receiver.url).port;
    const recorded = await deliveriesTo(
      'https://10.0.0.1/api/webhooks/1/x',
      `https://127.0.0.1:${port}/hook`,
    );
    expect(recorded.map(({ target, ok, error }) => ({ target, ok, error }))).toEqual([
      { target: 'discord', ok: false, error: 'Refused 10.0.0.1: 10.0.0.1 is a private or reserved address' },
      { target: 'webhook', ok: false, error: 'Refused 127.0.0.1: 127.0.0.1 is a loopback address' },
    ]);
    expect(receiver.received).toEqual([]);
  });

  it('refuses a host name that resolves to a loopback address, and plain http', async () => {
    const port = new URL(receiver.url).port;
    const recorded = await deliveriesTo(`https://localhost:${port}/discord`, `${receiver.url}/hook`);
    expect(recorded.map(({ target, ok, error }) => ({ target, ok, error }))).toEqual([
      {
        target: 'discord',
        ok: false,
        error: expect.stringMatching(/^Refused localhost: .* is a loopback address$/),
      },
      { target: 'webhook', ok: false, error: 'only https URLs are allowed in production' },
    ]);
    expect(receiver.received).toEqual([]);
  });
});
