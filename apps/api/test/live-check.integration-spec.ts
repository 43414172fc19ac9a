import {
  LIVE_CHECK_UNITS,
  type LiveCheckResult,
  type LiveState,
  type Video,
  videoDetailSchema,
  videoKindQuery,
} from '@app/contracts';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { VideoEntity } from '../src/videos/video.entity';
import { AppLockService } from '../src/youtube/app-lock.service';
import { LiveStreamEntity } from '../src/youtube/live-stream.entity';
import { UPCOMING_LAPSES_AFTER_MS } from '../src/youtube/live.mapper';
import { LIVE_MESSAGES, LiveCheckService } from '../src/youtube/live-check.service';
import { signedInAgent } from './support/auth';
import type { FakeYouTube } from './support/fake-youtube';
import { useStack } from './support/stack';
import { startTestApp, type TestApp } from './support/test-app';
import { pageHeadOf } from './support/page-model';

/** Issue 17: the light live check against the fake YouTube, whose channel of 30 has a live and an upcoming stream. */
describe('live check', () => {
  let fake: FakeYouTube;
  let t: TestApp & { sqlitePath?: string };
  let admin: TestAgent;
  /** The stream the replay test ends, looked at again by the next test. */
  let replayId: string;

  useStack({ youtube: { videos: 30, playlists: 2 } }, (s) => ({ youtube: fake, t, admin } = s));

  const live = async (): Promise<LiveState> => (await request(t.server).get('/api/live').expect(200)).body;
  const check = async (): Promise<LiveCheckResult> =>
    (await admin.post('/api/sync/live-check').expect(200)).body;

  it('knows nothing before the first check; running one is admin only', async () => {
    expect(await live()).toEqual({ live: null, upcoming: null });
    await request(t.server).post('/api/sync/live-check').expect(401);
  });

  it('costs 2 units (playlistItems.list + videos.list of the newest 50), never search.list', async () => {
    await fake.reset();
    const result = await check();
    expect(result.apiUnits).toBe(LIVE_CHECK_UNITS);
    const stats = await fake.stats();
    expect(stats.units).toBe(2);
    expect(stats.calls).toMatchObject({ playlistItems: 1, videos: 1, search: 0, channels: 0, playlists: 0 });
    expect(result.changed).toBe(true);
    expect(result.state.live).toMatchObject({ state: 'live', title: expect.stringMatching(/^LIVE: /) });
    expect(result.state.upcoming).toMatchObject({
      state: 'upcoming',
      scheduledStartTime: expect.any(String),
      actualStartTime: null,
    });
    expect(await live()).toEqual(result.state);
  });

  it('writes nothing when nothing changed, so the public cache keeps its answer', async () => {
    const version = async () => (await t.dataSource.query('SELECT version FROM content_version'))[0].version;
    await live();
    const before = await version();
    expect((await check()).changed).toBe(false);
    expect(await version()).toEqual(before);
    const res = await request(t.server).get('/api/live').expect(200);
    expect(res.headers['x-cache']).toBe('hit');
  });

  it('follows a stream upcoming → live → ended, and the public answer with it', async () => {
    const first = await check();
    await fake.moveStream({ state: 'ended', id: first.state.live!.id });
    const scheduled = await fake.moveStream({
      state: 'upcoming',
      scheduledStartTime: '2030-05-01T18:00:00Z',
    });
    const existingUpcoming = first.state.upcoming!.id;
    await fake.moveStream({ state: 'live', id: existingUpcoming });
    await fake.moveStream({ state: 'ended', id: existingUpcoming });

    let state = (await check()).state;
    expect(state.live).toBeNull();
    expect(state.upcoming).toMatchObject({
      id: scheduled.id,
      scheduledStartTime: '2030-05-01T18:00:00.000Z',
    });
    expect(await live()).toEqual(state);

    await fake.moveStream({ state: 'live', id: scheduled.id, at: '2030-05-01T18:02:00Z' });
    state = (await check()).state;
    expect(state).toEqual({
      live: expect.objectContaining({
        id: scheduled.id,
        state: 'live',
        actualStartTime: '2030-05-01T18:02:00.000Z',
      }),
      upcoming: null,
    });
    expect(await live()).toEqual(state);

    await fake.moveStream({ state: 'ended', id: scheduled.id, at: '2030-05-01T19:00:00Z' });
    state = (await check()).state;
    expect(state).toEqual({ live: null, upcoming: null });
    expect(await live()).toEqual(state);
  });

  it('keeps the last known state when YouTube fails (quota, network), and the page keeps answering', async () => {
    const scheduled = await fake.moveStream({ state: 'upcoming' });
    await fake.moveStream({ state: 'live', id: scheduled.id });
    const known = (await check()).state;
    expect(known.live?.id).toBe(scheduled.id);
    await fake.moveStream({ state: 'ended', id: scheduled.id });

    for (const fault of [
      { method: 'playlistItems' as const, type: 'quota' as const },
      { method: 'videos' as const, type: 'drop' as const },
    ]) {
      await fake.setFaults([fault]);
      const res = await admin.post('/api/sync/live-check').expect(502);
      expect(res.body.message).toMatch(/The last known live state is kept\.$/);
      expect(await live()).toEqual(known);
    }
    await fake.setFaults([]);
    expect((await check()).state.live).toBeNull();
  });

  it('runs the scheduled check once per interval across processes, and not when the interval is 0', async () => {
    const service = t.app.get(LiveCheckService);
    const locks = t.app.get(AppLockService);
    await fake.reset();
    // Another process claimed this interval: this one skips it.
    expect(await locks.claim('youtube-live-check-schedule', 60_000)).toBe(true);
    expect(await service.tick()).toBeNull();
    expect((await fake.stats()).units).toBe(0);

    await t.dataSource.query("DELETE FROM app_lock WHERE name = 'youtube-live-check-schedule'");
    // A second API process on the same database: of two ticks at once, one checks.
    const other = await startTestApp({
      env: fake.env(),
      reuse: { sqlitePath: t.sqlitePath },
      resetDatabase: false,
    });
    try {
      const ticks = await Promise.all([service.tick(), other.app.get(LiveCheckService).tick()]);
      expect(ticks.filter(Boolean)).toHaveLength(1);
      expect(await other.app.get(LiveCheckService).tick()).toBeNull();
    } finally {
      await other.close();
    }
    expect(await service.tick()).toBeNull();
    expect((await fake.stats()).units).toBe(LIVE_CHECK_UNITS);

    await t.dataSource.query("DELETE FROM app_lock WHERE name = 'youtube-live-check-schedule'");
    await admin.post('/api/settings/liveCheckIntervalMinutes').send({ value: 0 }).expect(200);
    expect(await service.tick()).toBeNull();
    expect((await fake.stats()).units).toBe(LIVE_CHECK_UNITS);
    await admin.post('/api/settings/liveCheckIntervalMinutes').send({ value: 1.5 }).expect(400);
  });

  it('files an ended stream the sync stored as a replay, found by "Live and replays" and not by "Videos"', async () => {
    const liveAndReplays = videoKindQuery('live', false);
    expect(liveAndReplays).toBe('live,upcoming,replay');
    const kindOf = async (id: string) =>
      (await t.dataSource.getRepository(VideoEntity).findOneByOrFail({ id })).kind;
    const listed = async (kind: string) =>
      ((await request(t.server).get(`/api/videos?kind=${kind}&limit=10000`).expect(200)).body as Video[]).map(
        (v) => v.id,
      );
    const scheduled = await fake.moveStream({ state: 'upcoming' });
    await admin.post('/api/sync/youtube').expect(200);
    expect(await kindOf(scheduled.id)).toBe('upcoming');

    await fake.moveStream({ state: 'live', id: scheduled.id, at: '2030-06-01T18:00:00Z' });
    expect((await check()).changed).toBe(true);
    expect(await kindOf(scheduled.id)).toBe('live');

    await fake.moveStream({ state: 'ended', id: scheduled.id, at: '2030-06-01T19:30:00Z' });
    expect((await check()).changed).toBe(true);
    const [video] = (await request(t.server).get(`/api/videos?kind=replay`).expect(200)).body as Video[];
    expect(video).toMatchObject({
      id: scheduled.id,
      kind: 'replay',
      duration: '1:30:00',
      durationSeconds: 5400,
    });
    expect(await listed(liveAndReplays!)).toContain(scheduled.id);
    expect(await listed(videoKindQuery('videos', false)!)).not.toContain(scheduled.id);
    // Nothing moved since: no write.
    expect((await check()).changed).toBe(false);
    replayId = scheduled.id;
  });

  it("keeps an ended stream's actual start and end, and its watch page publishes them as a BroadcastEvent", async () => {
    const times = {
      state: 'ended',
      scheduledStartTime: expect.any(String),
      actualStartTime: '2030-06-01T18:00:00.000Z',
      actualEndTime: '2030-06-01T19:30:00.000Z',
    };
    const detail = async () =>
      videoDetailSchema.parse((await request(t.server).get(`/api/videos/${replayId}`).expect(200)).body);
    const publication = async () => {
      const html = await pageHeadOf(t.server, `/videos/${replayId}`);
      const [, json] = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html) ?? [];
      return JSON.parse(json as string).publication;
    };
    const broadcast = {
      '@type': 'BroadcastEvent',
      isLiveBroadcast: true,
      startDate: '2030-06-01T18:00:00.000Z',
      endDate: '2030-06-01T19:30:00.000Z',
    };
    expect((await detail()).live).toEqual(times);
    expect(await publication()).toEqual(broadcast);
    // Neither the banner's answer nor the check's sees an ended stream.
    expect(await live()).toEqual({ live: null, upcoming: null });

    // A full sync keeps them (it reads the same liveStreamingDetails), and writes nothing more the next time.
    await admin.post('/api/sync/youtube').expect(200);
    expect((await detail()).live).toEqual(times);
    expect((await check()).changed).toBe(false);

    // Pushed out of the newest 50 uploads, the stream keeps its times.
    await fake.addVideos(50);
    await check();
    expect((await detail()).live).toEqual(times);
    expect(await publication()).toEqual(broadcast);

    // The sync drops the times of a stream gone from YouTube with its video.
    await fake.removeVideos([replayId]);
    await admin.post('/api/sync/youtube').expect(200);
    await request(t.server).get(`/api/videos/${replayId}`).expect(404);
    const rows = await t.dataSource.query('SELECT id FROM live_stream WHERE id = ?', [replayId]);
    expect(rows).toEqual([]);
  });

  it('says what is missing when it cannot run', async () => {
    const bare = await startTestApp({ env: { YOUTUBE_API_KEY: '' } });
    try {
      const agent = await signedInAgent(bare.server);
      const res = await agent.post('/api/sync/live-check').expect(400);
      expect(res.body.message).toBe(LIVE_MESSAGES.notConfigured);
      expect(await bare.app.get(LiveCheckService).tick()).toBeNull();
    } finally {
      await bare.close();
    }
  });
});

/**
 * Issue 45: YouTube keeps a broadcast that never started upcoming for years (a free-chat room), so the Upcoming card
 * showed one scheduled 19 months ago over a Q&A due in 5 hours. The next start is the earliest that has not lapsed.
 */
describe('the next scheduled start', () => {
  const HOUR = 3_600_000;
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    jest.useRealTimers();
    await t?.close();
  });

  const upcoming = (id: string, title: string, scheduledAt: number): LiveStreamEntity => ({
    id,
    title,
    thumbnail: null,
    state: 'upcoming',
    scheduledStartTime: new Date(scheduledAt),
    actualStartTime: null,
    actualEndTime: null,
  });
  const next = async () => {
    const res = await request(t.server).get('/api/live').expect(200);
    return { id: (res.body as LiveState).upcoming?.id, cache: res.headers['x-cache'] };
  };

  it('leaves out a schedule lapsed more than 6 hours ago, keeps a late one until then, and the caches move on', async () => {
    expect(UPCOMING_LAPSES_AFTER_MS).toBe(6 * HOUR);
    const streams = t.dataSource.getRepository(LiveStreamEntity);
    const now = Date.now();
    await streams.save([
      upcoming('freechat001', '💬 Free chat', now - 19 * 30 * 24 * HOUR),
      upcoming('qanda000001', 'Q&A', now + 5 * HOUR),
    ]);
    expect((await next()).id).toBe('qanda000001');

    // An hour late, it may still start: it is the next start.
    await streams.save(upcoming('late0000001', 'Late stream', now - HOUR));
    expect(await next()).toEqual({ id: 'late0000001', cache: 'miss' });
    expect(await next()).toEqual({ id: 'late0000001', cache: 'hit' });

    // Five hours on it has lapsed, with no write: the timer's look bumps the content version once, so the
    // API's cache (and the web server's renderings, nginx and browsers, which follow it) answer anew.
    const service = t.app.get(LiveCheckService);
    jest.useFakeTimers({
      doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'],
    });
    jest.setSystemTime(now + 5 * HOUR + 60_000);
    expect(await service.expireLapsed()).toBe(true);
    expect(await next()).toEqual({ id: 'qanda000001', cache: 'miss' });
    expect(await service.expireLapsed()).toBe(false);
    expect(await next()).toEqual({ id: 'qanda000001', cache: 'hit' });
    jest.useRealTimers();
  });
});
