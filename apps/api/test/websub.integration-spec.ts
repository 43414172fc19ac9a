import type { SyncStatus, WebsubStatus } from '@app/contracts';
import { WEBSUB_CALLBACK_PATH, websubTopic } from '@app/contracts';
import { freeFixedPort } from '@app/node-server/raw-http';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { Clock } from '../src/common/clock';
import { SyncRunEntity } from '../src/youtube/sync-run.entity';
import { WebsubSubscriptionEntity } from '../src/youtube/websub-subscription.entity';
import {
  WEBSUB_LEASE_SECONDS,
  WEBSUB_PENDING_RETRY_MS,
  WEBSUB_RENEW_AT,
  WebsubService,
} from '../src/youtube/websub.service';
import { signedInAgent } from './support/auth';
import { type FakeWebsubHub, startFakeWebsubHub } from './support/fake-websub-hub';
import { type FakeYouTube, startFakeYouTube } from './support/fake-youtube';
import { saveSettings } from './support/stack';
import { startTestApp, type TestApp } from './support/test-app';

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

/** The path and query a hub calls: the callback URL it was given (its token kept), with `hub.*` added. */
function callbackPath(callback: string, hub: Record<string, string | number>): string {
  const url = new URL(callback);
  for (const [key, value] of Object.entries(hub)) url.searchParams.set(`hub.${key}`, String(value));
  return `${url.pathname}${url.search}`;
}

/** A new-video push as YouTube's hub sends it: one Atom entry. */
const atomEntry = (videoId: string, channelId: string) => `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom">
 <link rel="hub" href="https://pubsubhubbub.appspot.com"/>
 <title>YouTube video feed</title>
 <entry>
  <id>yt:video:${videoId}</id>
  <yt:videoId>${videoId}</yt:videoId>
  <yt:channelId>${channelId}</yt:channelId>
  <title>New upload</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=${videoId}"/>
  <published>2026-11-26T10:00:00+00:00</published>
  <updated>2026-11-26T10:00:01+00:00</updated>
 </entry>
</feed>`;

describe('YouTube push (WebSub)', () => {
  let fake: FakeYouTube;
  let hub: FakeWebsubHub;
  let t: TestApp & { sqlitePath?: string };
  let admin: TestAgent;
  let receiver: Server;
  let hooks: { headers: IncomingHttpHeaders; body: string }[];
  let publicUrl: string;
  let topic: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    hooks = [];
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hooks.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    fake = await startFakeYouTube({ videos: 5, playlists: 1 });
    hub = await startFakeWebsubHub();
    const port = await freeFixedPort();
    publicUrl = `http://127.0.0.1:${port}`;
    topic = websubTopic(fake.channelId);
    env = fake.env({ PUBLIC_URL: publicUrl, WEBSUB_HUB_URL: hub.url });
    t = await startTestApp({ env });
    // The start-up hooks have run; the port opens later than the hub keeps trying (5 times, 200 ms apart), as on a
    // busy machine where the other hooks (the admin's password hash) hold `listen` back. The subscribe waits for it.
    await new Promise((r) => setTimeout(r, 1500));
    await t.app.listen(port, '127.0.0.1');
    admin = await signedInAgent(t.server);
    await saveSettings(admin, {
      enableCustomWebhook: true,
      customWebhookUrl: receiverUrl,
      customWebhookSecret: 'receiver-secret',
    });
    await admin.post('/api/sync/youtube').expect(200);
  });
  afterAll(async () => {
    await t?.close();
    await hub?.stop();
    await fake?.stop();
    receiver?.close();
  });

  const verifiedSubscribes = async () =>
    (await hub.requests()).filter((r) => r.mode === 'subscribe' && r.verification?.echoed);
  const status = async () => (await admin.get('/api/youtube/websub/status').expect(200)).body as WebsubStatus;
  const secret = async () => (await verifiedSubscribes())[0].secret!;
  const syncStatus = async () => (await admin.get('/api/sync/status').expect(200)).body as SyncStatus;

  it('subscribes at start with the topic, callback, a random secret and a lease, and the hub verifies it', async () => {
    const [subscribe] = await waitFor(async () => {
      const done = await verifiedSubscribes();
      return done.length ? done : undefined;
    });
    expect(subscribe).toEqual({
      mode: 'subscribe',
      topic,
      // With the request's token, which only the hub learns.
      callback: `${publicUrl}${WEBSUB_CALLBACK_PATH}?token=${subscribe.callback.split('=')[1]}`,
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      leaseSeconds: expect.any(Number),
      verification: { status: 200, echoed: true },
    });
    const state = await status();
    expect(state).toMatchObject({ state: 'active', offReason: null, channelId: fake.channelId });
    expect(new Date(state.leaseExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 3 * 24 * 3600_000);
    // The secret never reaches the dashboard.
    expect(JSON.stringify(state)).not.toContain(subscribe.secret!);
    expect(subscribe.callback).toMatch(/\?token=[0-9a-f]{48}$/);
  });

  it('refuses a forged verification (no token, a made-up one, a replayed one) of either mode; the lease stays', async () => {
    const callback = `${publicUrl}${WEBSUB_CALLBACK_PATH}`;
    const before = await status();
    const [verified] = await verifiedSubscribes();
    const forged = (query: Record<string, string | number>) =>
      request(t.server)
        .get(WEBSUB_CALLBACK_PATH)
        .query({ 'hub.challenge': 'x', ...query });
    // The public topic and a one-year lease, as anyone can send it.
    const oneYear = { 'hub.mode': 'subscribe', 'hub.topic': topic, 'hub.lease_seconds': 31_536_000 };
    await forged(oneYear).expect(404);
    await forged({ ...oneYear, 'hub.lease_seconds': 3600, token: '0'.repeat(48) }).expect(404);
    // The hub's own verification again: used up.
    expect(
      (await hub.verify({ callback: verified.callback, mode: 'subscribe', topic, leaseSeconds: 3600 }))
        .status,
    ).toBe(404);
    // Unsubscribe: nothing was asked, whatever the topic or token.
    const otherTopic = websubTopic('UCxxxxxxxxxxxxxxxxxxxxxx');
    for (const [url, about] of [
      [callback, topic],
      [callback, otherTopic],
      [verified.callback, topic],
      [verified.callback, otherTopic],
    ]) {
      const answer = await hub.verify({ callback: url, mode: 'unsubscribe', topic: about });
      expect([url, about, answer.status]).toEqual([url, about, 404]);
      expect(answer.body).not.toContain(answer.challenge);
    }
    expect(await status()).toEqual(before);
  });

  it('confirms a request only with its token, mode and topic and a lease up to the one asked for, once', async () => {
    const rows = t.dataSource.getRepository(WebsubSubscriptionEntity);
    await hub.hold(true);
    try {
      // A subscribe unverified for too long is asked again; the subscription is pending meanwhile.
      await rows.update(
        { id: WebsubSubscriptionEntity.SINGLETON_ID },
        { state: 'pending', requestedAt: new Date(Date.now() - WEBSUB_PENDING_RETRY_MS) },
      );
      await t.app.get(WebsubService).reconcile();
      const asked = (await hub.requests()).at(-1)!;
      expect(asked).toMatchObject({
        mode: 'subscribe',
        topic,
        leaseSeconds: WEBSUB_LEASE_SECONDS,
        verification: null,
      });
      const { callback } = asked;
      expect(callback).not.toBe((await verifiedSubscribes())[0].callback);
      const forgeries = [
        { callback: `${publicUrl}${WEBSUB_CALLBACK_PATH}`, mode: 'subscribe', topic, leaseSeconds: 3600 },
        {
          callback: callback.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
          mode: 'subscribe',
          topic,
          leaseSeconds: 3600,
        },
        { callback, mode: 'subscribe', topic: websubTopic('UCxxxxxxxxxxxxxxxxxxxxxx'), leaseSeconds: 3600 },
        { callback, mode: 'unsubscribe', topic },
        { callback, mode: 'publish', topic, leaseSeconds: 3600 },
        ...[WEBSUB_LEASE_SECONDS + 1, 31_536_000, null, 0, 59, -5, 1.5, 1e12].map((leaseSeconds) => ({
          callback,
          mode: 'subscribe',
          topic,
          leaseSeconds,
        })),
      ];
      for (const forgery of forgeries) {
        expect([forgery, (await hub.verify(forgery)).status]).toEqual([forgery, 404]);
      }
      expect((await status()).state).toBe('pending');

      // The hub's: echoed as text, and the lease it grants (shorter than asked) is the one kept.
      const res = await request(t.server)
        .get(callbackPath(callback, { mode: 'subscribe', topic, challenge: 'abc', lease_seconds: 3600 }))
        .expect(200);
      expect(res.text).toBe('abc');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toBe('no-store');
      const after = await status();
      expect(after.state).toBe('active');
      const expires = new Date(after.leaseExpiresAt!).getTime();
      expect(expires).toBeGreaterThan(Date.now() + 3500_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000);
      expect((await hub.verify({ callback, mode: 'subscribe', topic, leaseSeconds: 3600 })).status).toBe(404);
    } finally {
      await hub.hold(false);
    }
  });

  it('drops unsigned and wrongly signed notifications with the same empty 200, and stores a signed one at once', async () => {
    const [video] = await fake.addVideos(1);
    const xml = atomEntry(video.id, fake.channelId);
    // The home page's list is in the public cache before the push.
    const cached = await request(t.server).get('/api/videos').expect(200);
    expect(JSON.stringify(cached.body)).not.toContain(video.id);
    await fake.reset();
    expect(await hub.publish(topic, xml, 'none')).toEqual([200]);
    expect(await hub.publish(topic, xml, 'bad')).toEqual([200]);
    const forged = await request(t.server)
      .post(WEBSUB_CALLBACK_PATH)
      .set('Content-Type', 'application/atom+xml')
      .set('X-Hub-Signature', 'sha1=0000000000000000000000000000000000000000')
      .send(xml);
    expect([forged.status, forged.text]).toEqual([200, '']);
    await request(t.server).get(`/api/videos/${video.id}`).expect(404);
    expect((await status()).lastNotificationAt).toBeNull();
    expect((await fake.stats()).units).toBe(0);

    expect(await hub.publish(topic, xml, 'good')).toEqual([200]);
    const stored = await request(t.server).get(`/api/videos/${video.id}`).expect(200);
    expect(stored.body).toMatchObject({ id: video.id, title: video.title });
    // The cached list follows the content version: the video is on `/` at once.
    const list = await request(t.server).get('/api/videos').expect(200);
    expect(JSON.stringify(list.body)).toContain(video.id);
    expect((await status()).lastNotificationAt).not.toBeNull();
    // Just that video: one videos.list call, 1 unit.
    const stats = await fake.stats();
    expect([stats.units, stats.calls.videos]).toEqual([1, 1]);
    // The push is in the sync history the dashboard shows, beside (not instead of) the last sync.
    const history = await syncStatus();
    expect(history.lastPush).toMatchObject({
      kind: 'push',
      videoId: video.id,
      outcome: 'success',
      videos: 1,
      added: 1,
      updated: 0,
      apiUnits: 1,
      error: null,
    });
    expect(history.lastRun).toMatchObject({ kind: 'sync', videoId: null });
    expect(history.lastSuccess).toEqual(history.lastRun);
    // A repeat that changes nothing records nothing.
    expect(await hub.publish(topic, xml, 'good')).toEqual([200]);
    expect((await syncStatus()).lastPush!.id).toBe(history.lastPush!.id);
  });

  it('announces a pushed video once however often the hub repeats it', async () => {
    const [video] = await fake.addVideos(1);
    hooks.length = 0;
    expect(await hub.publish(topic, atomEntry(video.id, fake.channelId), 'good', 3)).toEqual([200, 200, 200]);
    await waitFor(() => (hooks.length ? hooks : undefined));
    await new Promise((r) => setTimeout(r, 300));
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0].body)).toMatchObject({ event: 'video.published', video: { id: video.id } });
    // One push in the history, with the notification it sent.
    const pushes = await t.dataSource
      .getRepository(SyncRunEntity)
      .findBy({ kind: 'push', videoId: video.id });
    expect(pushes).toHaveLength(1);
    const { lastPush } = await waitFor(async () => {
      const status = await syncStatus();
      return status.lastPush?.notifications ? status : undefined;
    });
    expect(lastPush).toMatchObject({ videoId: video.id, added: 1 });
    expect(lastPush!.notifications).toEqual([expect.objectContaining({ videoId: video.id, ok: true })]);
    // The next sync does not announce it again: it is not new any more.
    await admin.post('/api/sync/youtube').expect(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(hooks).toHaveLength(1);
  });

  it('renews the lease at 80 % of it, keeping the secret, and not before', async () => {
    const websub = t.app.get(WebsubService);
    const clock = t.app.get(Clock);
    const state = await status();
    const lease = new Date(state.leaseExpiresAt!).getTime() - Date.now();
    const count = (await hub.requests()).filter((r) => r.mode === 'subscribe').length;
    const verified = (await verifiedSubscribes()).length;
    const spy = jest.spyOn(clock, 'now');
    try {
      spy.mockImplementation(() => Date.now() + lease * (WEBSUB_RENEW_AT - 0.1));
      await websub.reconcile();
      expect((await hub.requests()).filter((r) => r.mode === 'subscribe')).toHaveLength(count);
      spy.mockImplementation(() => Date.now() + lease * (WEBSUB_RENEW_AT + 0.05));
      await websub.reconcile();
      const renewed = await waitFor(async () => {
        const all = await verifiedSubscribes();
        return all.length > verified ? all : undefined;
      });
      expect(renewed.at(-1)!.secret).toBe(renewed[0].secret);
      const after = await status();
      expect(new Date(after.leaseExpiresAt!).getTime()).toBeGreaterThan(Date.now() + lease * 1.05);
    } finally {
      spy.mockRestore();
    }
  });

  it('shares one subscription between two API processes, and announces once across both', async () => {
    const count = (await hub.requests()).length;
    const second = await startTestApp({ env, reuse: { sqlitePath: t.sqlitePath } });
    try {
      await second.app.get(WebsubService).reconcile();
      await new Promise((r) => setTimeout(r, 200));
      expect(await hub.requests()).toHaveLength(count);
      const [video] = await fake.addVideos(1);
      hooks.length = 0;
      const xml = atomEntry(video.id, fake.channelId);
      const signature = `sha1=${createHmac('sha1', await secret())
        .update(xml)
        .digest('hex')}`;
      const post = (server: unknown) =>
        request(server as Server)
          .post(WEBSUB_CALLBACK_PATH)
          .set('Content-Type', 'application/atom+xml')
          .set('X-Hub-Signature', signature)
          .send(xml)
          .expect(200);
      await Promise.all([post(t.server), post(second.server), post(second.server)]);
      await request(second.server).get(`/api/videos/${video.id}`).expect(200);
      await waitFor(() => (hooks.length ? hooks : undefined));
      await new Promise((r) => setTimeout(r, 300));
      expect(hooks).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('unsubscribes the old topic when the channel changes, and everything when PUBLIC_URL is not public', async () => {
    const other = `UC${'y'.repeat(22)}`;
    const moved = await startTestApp({
      env: { ...env, YOUTUBE_CHANNEL_ID: other },
      reuse: { sqlitePath: t.sqlitePath },
    });
    // Each API process subscribes once it listens (on a port of its own; the hub calls the public URL).
    await moved.app.listen(0, '127.0.0.1');
    try {
      const requests = await waitFor(async () => {
        const all = await hub.requests();
        const done = (mode: string, to: string) =>
          all.some((r) => r.mode === mode && r.topic === to && r.verification?.echoed);
        return done('unsubscribe', topic) && done('subscribe', websubTopic(other)) ? all : undefined;
      });
      const renewed = requests.filter((r) => r.mode === 'subscribe');
      // A new topic gets a new secret.
      expect(renewed.at(-1)!.secret).not.toBe(renewed[0].secret);
      expect((await moved.app.get(WebsubService).status()).channelId).toBe(other);
    } finally {
      await moved.close();
    }
    const { PUBLIC_URL: _public, ...withoutPublicUrl } = env;
    const off = await startTestApp({ env: withoutPublicUrl, reuse: { sqlitePath: t.sqlitePath } });
    await off.app.listen(0, '127.0.0.1');
    try {
      await waitFor(async () =>
        (await hub.requests()).some(
          (r) => r.mode === 'unsubscribe' && r.topic === websubTopic(other) && r.verification?.echoed,
        )
          ? true
          : undefined,
      );
      // Push is off: neither a made-up unsubscribe nor the hub's own again is echoed.
      const [unsubscribed] = (await hub.requests()).filter(
        (r) => r.mode === 'unsubscribe' && r.topic === websubTopic(other),
      );
      expect(unsubscribed.callback).toMatch(/\?token=[0-9a-f]{48}$/);
      for (const url of [`${publicUrl}${WEBSUB_CALLBACK_PATH}`, unsubscribed.callback]) {
        for (const about of [websubTopic(other), topic]) {
          await request(off.server)
            .get(callbackPath(url, { mode: 'unsubscribe', topic: about, challenge: 'x' }))
            .expect(404);
        }
      }
      expect(await off.app.get(WebsubService).status()).toEqual({
        state: 'off',
        offReason: 'no-public-url',
        channelId: null,
        leaseExpiresAt: null,
        lastNotificationAt: null,
        lastError: null,
      });
    } finally {
      await off.close();
    }
  });

  it('limits the body size', async () => {
    await request(t.server)
      .post(WEBSUB_CALLBACK_PATH)
      .set('Content-Type', 'application/atom+xml')
      .send('x'.repeat(300 * 1024))
      .expect(413);
  });
});

describe('YouTube push (WebSub) without an API key', () => {
  let fake: FakeYouTube;
  let hub: FakeWebsubHub;
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    fake = await startFakeYouTube({ videos: 5, playlists: 1 });
    hub = await startFakeWebsubHub();
    const port = await freeFixedPort();
    t = await startTestApp({
      env: fake.env({
        YOUTUBE_API_KEY: '',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        WEBSUB_HUB_URL: hub.url,
      }),
    });
    await t.app.listen(port, '127.0.0.1');
    admin = await signedInAgent(t.server);
    await admin.post('/api/sync/youtube').expect(200);
  });
  afterAll(async () => {
    await t?.close();
    await hub?.stop();
    await fake?.stop();
  });

  it('stores a pushed video from the channel feed, with no quota unit', async () => {
    const topic = websubTopic(fake.channelId);
    await waitFor(async () =>
      (await hub.requests()).some((r) => r.mode === 'subscribe' && r.verification?.echoed) ? true : undefined,
    );
    const [video] = await fake.addVideos(1);
    await fake.reset();
    expect(await hub.publish(topic, atomEntry(video.id, fake.channelId), 'good')).toEqual([200]);
    const stored = await request(t.server).get(`/api/videos/${video.id}`).expect(200);
    expect(stored.body).toMatchObject({ id: video.id, title: video.title });
    const stats = await fake.stats();
    expect([stats.units, stats.feedRequests]).toEqual([0, 1]);
    const { lastPush } = (await admin.get('/api/sync/status').expect(200)).body as SyncStatus;
    expect(lastPush).toMatchObject({ kind: 'push', videoId: video.id, added: 1, apiUnits: 0, pages: 1 });
  });
});
