import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningFakeYouTube, startFakeYouTube } from '../fake-youtube/server';
import { ApiClient, type ApiProcess, startApi } from '../lib/api-process';
import { type RunningMariaDb, startMariaDb } from '../mariadb';

const youtubeEnv = (fake: RunningFakeYouTube) => ({
  YOUTUBE_API_KEY: 'reliability-key',
  YOUTUBE_API_BASE_URL: fake.url,
  YOUTUBE_IMAGES_BASE_URL: fake.imagesBaseUrl,
  YOUTUBE_CHANNEL_ID: fake.channel.info.id,
});

/** The backup minus its date: what "the database as before" means. */
async function content(admin: ApiClient) {
  const { body } = await admin.request('GET', '/api/admin/export');
  const { exportedAt: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
}

async function signedIn(api: ApiProcess): Promise<ApiClient> {
  const admin = new ApiClient(api.url);
  expect((await admin.login()).status).toBe(200);
  return admin;
}

describe('YouTube sync across processes and crashes', () => {
  let fake: RunningFakeYouTube;
  beforeAll(async () => {
    // 40 ms per call: a sync of 1,500 videos takes a couple of seconds, long enough to interfere with.
    fake = await startFakeYouTube({ videos: 1500, playlists: 20, latencyMs: 40 });
  });
  afterAll(() => fake?.close());

  describe('two API processes on one MariaDB', () => {
    let db: RunningMariaDb;
    let a: ApiProcess;
    let b: ApiProcess;
    beforeAll(async () => {
      db = await startMariaDb();
      a = await startApi({ DATABASE_URL: db.url, ...youtubeEnv(fake) });
      b = await startApi({ DATABASE_URL: db.url, ...youtubeEnv(fake) });
    });
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await db?.stop();
    });

    it('a sync started on one answers 409 on the other', async () => {
      const onA = await signedIn(a);
      const onB = onA.against(b.url);
      const first = onA.request('POST', '/api/sync/youtube');
      await new Promise((r) => setTimeout(r, 400));
      const second = await onB.request('POST', '/api/sync/youtube');
      expect(second.status).toBe(409);
      const done = await first;
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ videos: 1500, playlists: 20 });
      // Once it is over, the other process may sync.
      expect((await onB.request('POST', '/api/sync/youtube')).status).toBe(200);
    });
  });

  describe('kill -9 in the middle of a sync', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reliability-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('leaves the database as before the sync, and the next sync succeeds', async () => {
      const env = { SQLITE_PATH: join(dir, 'crash.sqlite'), ...youtubeEnv(fake) };
      let api = await startApi(env);
      let admin = await signedIn(api);
      expect((await admin.request('POST', '/api/sync/youtube')).status).toBe(200);
      const before = await content(admin);

      // YouTube changes, a sync starts, and the process dies half-way.
      fake.channel.addVideos(60);
      fake.channel.removeVideos(fake.channel.videos.slice(100, 130).map((v) => v.id));
      const syncing = admin.request('POST', '/api/sync/youtube').catch((error: Error) => error);
      await new Promise((r) => setTimeout(r, 500));
      expect(await api.stop('SIGKILL')).toBeNull();
      expect(String(await syncing)).toMatch(/fetch failed/); // the connection died with the process

      api = await startApi(env);
      try {
        admin = admin.against(api.url);
        expect(await content(admin)).toEqual(before);
        // The dead process's lock expires within its TTL (15 s); then the next sync goes through.
        const deadline = Date.now() + 30_000;
        let res = await admin.request('POST', '/api/sync/youtube');
        while (res.status === 409 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 1000));
          res = await admin.request('POST', '/api/sync/youtube');
        }
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ videos: 1500 + 60 - 30 });
        const status = await admin.request('GET', '/api/sync/status');
        expect(status.body).toMatchObject({ lastRun: { outcome: 'success' } });
      } finally {
        await api.stop();
      }
    });
  });
});
