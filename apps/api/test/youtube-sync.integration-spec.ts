import {
  fullSyncUnits,
  type Playlist,
  type SyncResult,
  type SyncStatus,
  UNKNOWN_DURATION,
  type Video,
} from '@app/contracts';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { In } from 'typeorm';
import { ChannelEntity } from '../src/channel/channel.entity';
import { DEMO_VIDEO_COUNT } from '../src/demo/demo-content';
import { DEMO_TRANSCRIPT_VIDEO_IDS } from '../src/demo/demo-transcripts';
import { PlaylistVideoEntity } from '../src/playlists/playlist-video.entity';
import { PlaylistEntity } from '../src/playlists/playlist.entity';
import { VideoTranscriptEntity } from '../src/transcripts/video-transcript.entity';
import { VideoEntity } from '../src/videos/video.entity';
import { FAKE_API_KEY, type FakeYouTube, startFakeYouTube } from './support/fake-youtube';
import { useStack, withStack } from './support/stack';
import type { TestApp } from './support/test-app';
import { pageHeadOf } from './support/page-model';

const VIDEOS = 120;
const PLAYLISTS = 5;

interface YtVideoItem {
  id: string;
  snippet: {
    title: string;
    publishedAt: string;
    liveBroadcastContent: string;
    thumbnails: Record<string, { url: string }>;
  };
  contentDetails: { duration: string };
  /** Absent when YouTube withholds a video's statistics. */
  statistics?: { viewCount: string };
  status: { uploadStatus: string };
}

describe('YouTube sync', () => {
  let fake: FakeYouTube;
  let t: TestApp;
  let admin: TestAgent;

  useStack({ youtube: { videos: VIDEOS, playlists: PLAYLISTS } }, (s) => ({ youtube: fake, t, admin } = s));

  const sync = () => admin.post('/api/sync/youtube');
  /** The video ids a playlist lists on the fake, in its order. */
  const listed = async (playlistId: string): Promise<string[]> => {
    const ids: string[] = [];
    let token = '';
    do {
      const query = `part=contentDetails&maxResults=50&playlistId=${playlistId}&key=${FAKE_API_KEY}`;
      const page = (await (await fetch(`${fake.url}/playlistItems?${query}&pageToken=${token}`)).json()) as {
        items: { contentDetails: { videoId: string } }[];
        nextPageToken?: string;
      };
      ids.push(...page.items.map((item) => item.contentDetails.videoId));
      token = page.nextPageToken ?? '';
    } while (token);
    return ids;
  };
  const allVideos = async (): Promise<Video[]> =>
    (await request(t.server).get('/api/videos').expect(200)).body;
  const allPlaylists = async (): Promise<Playlist[]> =>
    (await request(t.server).get('/api/playlists').expect(200)).body;

  it('is admin only', async () => {
    await request(t.server).post('/api/sync/youtube').expect(401);
    await request(t.server).get('/api/sync/status').expect(401);
  });

  it('reports no run before the first sync', async () => {
    const res = await admin.get('/api/sync/status').expect(200);
    expect(res.body).toEqual({
      lastRun: null,
      lastSuccess: null,
      lastPush: null,
      setup: { channel: true, apiKey: true },
    });
  });

  it("replaces the demo channel on the first sync, at 1 + 2·⌈V/50⌉ + ⌈P/50⌉ units plus each playlist's items, and no search", async () => {
    const demoPlaylists = await t.dataSource.getRepository(PlaylistEntity).count();
    const demoTracks = () =>
      t.dataSource
        .getRepository(VideoTranscriptEntity)
        .countBy({ videoId: In([...DEMO_TRANSCRIPT_VIDEO_IDS]) });
    expect(await demoTracks()).toBe(DEMO_TRANSCRIPT_VIDEO_IDS.length);
    await fake.reset();
    const res = await sync().expect(200);
    const body = res.body as SyncResult;
    // Each playlist's items cost ⌈n/50⌉ units (issue 15: a watch page lists the playlists that hold it).
    const sizes = (await allPlaylists()).map((p) => p.videoCount);
    expect(sizes.some((size) => size > 0)).toBe(true);
    const itemPages = sizes.reduce((sum, size) => sum + Math.ceil(size / 50), 0);
    expect(body).toEqual({
      videos: VIDEOS,
      playlists: PLAYLISTS,
      added: VIDEOS + PLAYLISTS,
      updated: 0,
      removed: DEMO_VIDEO_COUNT + demoPlaylists,
      apiUnits: fullSyncUnits(VIDEOS, PLAYLISTS, sizes),
      durationMs: expect.any(Number),
    });
    const stats = await fake.stats();
    expect(stats.units).toBe(fullSyncUnits(VIDEOS, PLAYLISTS, sizes));
    expect(stats.calls).toEqual({
      channels: 1,
      playlistItems: 3 + itemPages,
      videos: 3,
      playlists: 1,
      search: 0,
    });

    const info = await fake.channel();
    const videos = await allVideos();
    expect(videos.map((v) => v.id).sort()).toEqual([...info.videoIds].sort());
    expect((await allPlaylists()).map((p) => p.id)).toEqual(info.playlistIds);
    // What the demo's playlists held went with them; the channel's playlists hold what YouTube lists.
    // Each playlist once per video it lists: a duplicate is held once; private, deleted and other channels'
    // items are held but listed nowhere (the watch pages join the channel's videos).
    const held = await t.dataSource.getRepository(PlaylistVideoEntity).find();
    const distinct = await Promise.all(info.playlistIds.map(async (id) => new Set(await listed(id)).size));
    expect(held).toHaveLength(distinct.reduce((sum, n) => sum + n, 0));
    expect(distinct.reduce((sum, n) => sum + n, 0)).toBeLessThan(sizes.reduce((sum, size) => sum + size, 0));
    expect(held.every((row) => info.playlistIds.includes(row.playlistId))).toBe(true);
    // A row of one of the channel's own videos (the others have no page: private, deleted, another channel's).
    const first = held.find((row) => info.videoIds.includes(row.videoId));
    const detail = (await request(t.server).get(`/api/videos/${first!.videoId}`).expect(200)).body;
    expect(detail.playlists.map((p: { id: string }) => p.id)).toContain(first!.playlistId);
    // The demo's transcripts went with its videos (removed as the sync ends).
    for (let i = 0; i < 50 && (await demoTracks()) > 0; i++)
      await new Promise((done) => setTimeout(done, 100));
    expect(await demoTracks()).toBe(0);
    // The demo's featured video went with the demo: until the owner chooses one, the newest long video of a
    // known length is featured (issue 45), not chosen.
    const newestLong = videos
      .filter((v) => v.kind === 'video' && v.durationSeconds > 0)
      .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))[0];
    expect((await request(t.server).get('/api/videos/featured').expect(200)).body).toEqual({
      ...newestLong,
      featured: false,
    });

    // The fake's channel hides its subscriber count: unknown, stored and answered as null, never 0 (issue 27).
    expect(info.subscriberCount).toBeNull();
    const channel = await t.dataSource.getRepository(ChannelEntity).findOneByOrFail({ id: 1 });
    expect(channel).toMatchObject({
      isDemo: false,
      youtubeChannelId: fake.channelId,
      handle: '@fakechannel',
      title: 'Fake Channel',
      uploadsPlaylistId: info.uploadsPlaylistId,
      subscriberCount: info.subscriberCount,
      videoCount: VIDEOS,
    });
    const stats2 = (await request(t.server).get('/api/channel/stats').expect(200)).body;
    expect(stats2).toEqual({
      subscriberCount: info.subscriberCount,
      videoCount: VIDEOS,
      viewCount: channel.viewCount,
    });
    expect(channel.viewCount).toBeGreaterThan(0);
  });

  it('stores what YouTube says: titles, dates, views, durations as text and seconds, kinds', async () => {
    const ids = (await fake.channel()).videoIds.slice(0, 50);
    const yt = (await (
      await fetch(
        `${fake.url}/videos?part=snippet,contentDetails,statistics,status&id=${ids.join(',')}&key=${FAKE_API_KEY}`,
      )
    ).json()) as { items: YtVideoItem[] };
    await fake.reset();
    const stored = new Map((await allVideos()).map((v) => [v.id, v]));
    for (const item of yt.items) {
      const video = stored.get(item.id)!;
      const { thumbnails } = item.snippet;
      expect(video).toMatchObject({
        title: item.snippet.title,
        // Unknown is not 0 (issue 27): withheld statistics stay null.
        viewCount: item.statistics ? Number(item.statistics.viewCount) : null,
        publishedAt: new Date(item.snippet.publishedAt).toISOString(),
        // 480×360, else the best there is, else none.
        thumbnail: (thumbnails.high ?? thumbnails.default)?.url ?? null,
        featured: false,
      });
    }
    expect(yt.items.some((item) => !item.statistics)).toBe(true);
    expect([...stored.values()].some((v) => v.viewCount === null)).toBe(true);
    expect([...stored.values()].some((v) => v.thumbnail === null)).toBe(true);
    expect([...stored.values()].some((v) => v.thumbnail?.endsWith('/default.jpg'))).toBe(true);
    const videos = [...stored.values()];
    const byKind = (kind: Video['kind']) => videos.filter((v) => v.kind === kind);
    expect(byKind('live')).toEqual([expect.objectContaining({ duration: 'LIVE', durationSeconds: 0 })]);
    // A premiere carries its length; a stream that never started (a free chat) reads UPCOMING.
    expect(byKind('upcoming')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ duration: expect.stringMatching(/^\d+:\d\d$/) }),
        expect.objectContaining({ duration: 'UPCOMING', durationSeconds: 0 }),
      ]),
    );
    expect(byKind('upcoming')).toHaveLength(2);
    // The fake's past streams (liveStreamingDetails with an actualEndTime) are replays with their real length,
    // a day and more too.
    const replays = byKind('replay');
    expect(replays.length).toBeGreaterThan(0);
    for (const r of replays) {
      expect(r.title).toMatch(/^(Stream replay: |24h\+ marathon stream)/);
      expect(r.durationSeconds).toBeGreaterThan(3600);
    }
    expect(replays.some((r) => r.durationSeconds > 86_400 && /^\d{2,}:\d\d:\d\d$/.test(r.duration))).toBe(
      true,
    );
    expect(videos.filter((v) => /^(Stream replay: |24h\+ marathon stream)/.test(v.title))).toEqual(replays);
    const shorts = byKind('short');
    expect(shorts.length).toBeGreaterThan(10);
    for (const s of shorts) expect(s.durationSeconds).toBeLessThanOrEqual(180);
    // Shorts of 61–180 s are recognised by their #shorts tag.
    expect(shorts.some((s) => s.durationSeconds > 60)).toBe(true);
    // Uploads YouTube is still processing answer P0D: plain videos of no known length.
    const uploaded = yt.items.filter((i) => i.status.uploadStatus === 'uploaded').map((i) => i.id);
    expect(uploaded.length).toBeGreaterThan(0);
    const processing = new Set(
      byKind('video')
        .filter((v) => v.durationSeconds === 0)
        .map((v) => v.id),
    );
    expect(yt.items.filter((i) => processing.has(i.id)).map((i) => i.id)).toEqual(uploaded);
    // Their length is unknown (the pages say "Length unknown"), never 0:00, and their watch page's VideoObject
    // names no duration.
    for (const id of processing) {
      expect(stored.get(id)).toMatchObject({ duration: UNKNOWN_DURATION, durationSeconds: 0 });
      const head = await pageHeadOf(t.server, `/videos/${id}`);
      const [, json] = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head) ?? [];
      expect(JSON.parse(json as string)).not.toHaveProperty('duration');
    }
    for (const v of byKind('video').filter((video) => !processing.has(video.id))) {
      expect(v.durationSeconds).toBeGreaterThan(60);
      const h = Math.floor(v.durationSeconds / 3600);
      const m = Math.floor((v.durationSeconds % 3600) / 60);
      const s = String(v.durationSeconds % 60).padStart(2, '0');
      expect(v.duration).toBe(h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`);
    }
    expect(byKind('video').some((v) => /^\d+:\d\d:\d\d$/.test(v.duration))).toBe(true);
  });

  it('re-syncs idempotently and keeps the featured video and the pinned playlists', async () => {
    const [video] = await allVideos();
    const [, playlist] = await allPlaylists();
    await admin.post(`/api/videos/${video.id}/featured`).expect(200);
    await admin.post(`/api/playlists/${playlist.id}/pin`).send({ pinned: true }).expect(200);
    const before = await allVideos();

    const res = await sync().expect(200);
    expect(res.body).toMatchObject({
      added: 0,
      updated: 0,
      removed: 0,
      videos: VIDEOS,
      playlists: PLAYLISTS,
    });
    expect(await allVideos()).toEqual(before);
    expect((await request(t.server).get('/api/videos/featured').expect(200)).body.id).toBe(video.id);
    expect((await allPlaylists()).filter((p) => p.pinned).map((p) => p.id)).toEqual([playlist.id]);
  });

  it('updates what changed on YouTube and nothing else', async () => {
    const [first, second] = await allVideos();
    await fake.updateVideo(second.id, { title: 'A better title', viewCount: 42 });
    const res = await sync().expect(200);
    expect(res.body).toMatchObject({ added: 0, updated: 1, removed: 0 });
    const after = new Map((await allVideos()).map((v) => [v.id, v]));
    expect(after.get(second.id)).toMatchObject({ title: 'A better title', viewCount: 42 });
    expect(after.get(first.id)).toEqual(first);
  });

  it('removes videos and playlists gone from YouTube; a removed featured video leaves none chosen', async () => {
    const featured = (await request(t.server).get('/api/videos/featured').expect(200)).body as Video;
    const other = (await allVideos()).find((v) => v.id !== featured.id)!;
    const pinned = (await allPlaylists()).find((p) => p.pinned)!;
    await fake.removeVideos([featured.id, other.id]);
    await fake.removePlaylists([pinned.id]);

    const res = await sync().expect(200);
    expect(res.body).toMatchObject({ videos: VIDEOS - 2, playlists: PLAYLISTS - 1, removed: 3, added: 0 });
    const ids = (await allVideos()).map((v) => v.id);
    expect(ids).toHaveLength(VIDEOS - 2);
    expect(ids).not.toContain(featured.id);
    expect(ids).not.toContain(other.id);
    expect((await allPlaylists()).map((p) => p.id)).not.toContain(pinned.id);
    // The newest long video stands in again.
    expect((await request(t.server).get('/api/videos/featured').expect(200)).body).toMatchObject({
      kind: 'video',
      featured: false,
    });
    expect(await t.dataSource.getRepository(VideoEntity).countBy({ featured: true })).toBe(0);
  });

  it('GET /api/sync/status returns the last run and the last successful one', async () => {
    const res = await admin.get('/api/sync/status').expect(200);
    const status = res.body as SyncStatus;
    const sizes = (await allPlaylists()).map((p) => p.videoCount);
    expect(status.lastRun).toMatchObject({
      outcome: 'success',
      videos: VIDEOS - 2,
      playlists: PLAYLISTS - 1,
      removed: 3,
      apiUnits: fullSyncUnits(VIDEOS - 2, PLAYLISTS - 1, sizes),
      error: null,
      notifications: null,
    });
    expect(Date.parse(status.lastRun!.finishedAt!)).toBeGreaterThanOrEqual(
      Date.parse(status.lastRun!.startedAt),
    );
    expect(status.lastRun!.durationMs).toBeGreaterThanOrEqual(0);
    expect(status.lastSuccess).toEqual(status.lastRun);
  });
});

describe('YouTube sync configuration', () => {
  let fake: FakeYouTube;
  beforeAll(async () => {
    fake = await startFakeYouTube({ videos: 3, playlists: 1 });
  });
  afterAll(() => fake?.stop());

  const withApp = (env: Record<string, string>, body: (admin: TestAgent, t: TestApp) => Promise<void>) =>
    withStack({ env }, ({ admin, t }) => body(admin, t));

  it('reads the channel feed instead of refusing when there is no key (issue 24)', () => {
    const { YOUTUBE_API_KEY: _key, ...env } = fake.env();
    return withApp(env, async (admin) => {
      await fake.reset();
      const res = await admin.post('/api/sync/youtube').expect(200);
      expect(res.body).toMatchObject({ videos: 3, playlists: 0, apiUnits: 0 });
      expect((await fake.stats()).units).toBe(0);
    });
  });

  it('says when YouTube has no channel YOUTUBE_CHANNEL_ID names, and records the failure', () =>
    withApp(fake.env({ YOUTUBE_CHANNEL_ID: 'UC0000000000000000000000' }), async (admin) => {
      const res = await admin.post('/api/sync/youtube').expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message:
          'YouTube has no channel UC0000000000000000000000: check Channel in YouTube set-up (Content → YouTube Integration)',
        error: 'Bad Request',
      });
      const status = (await admin.get('/api/sync/status').expect(200)).body as SyncStatus;
      expect(status.lastRun).toMatchObject({ outcome: 'failed', error: res.body.message });
    }));

  it('answers 400 naming the dashboard field, not a setting key or a variable, when there is no channel', () =>
    withApp({ YOUTUBE_API_BASE_URL: fake.url, YOUTUBE_API_KEY: FAKE_API_KEY }, async (admin) => {
      const res = await admin.post('/api/sync/youtube').expect(400);
      expect(res.body.message).toBe(
        "No YouTube channel is set yet: paste your channel's URL into Channel in YouTube set-up (Content → YouTube Integration), then Save and test. (Whoever runs the server can set the channel in its environment instead.)",
      );
      expect(res.body.message).not.toMatch(/channelId|YOUTUBE_/);
      // Nothing ran, so nothing was recorded; the status says what is missing.
      const status = (await admin.get('/api/sync/status').expect(200)).body as SyncStatus;
      expect(status.lastRun).toBeNull();
      expect(status.setup).toEqual({ channel: false, apiKey: true });
    }));

  it('resolves an @handle in YOUTUBE_CHANNEL_ID with channels.list', () =>
    withApp(fake.env({ YOUTUBE_CHANNEL_ID: fake.handle }), async (admin) => {
      await fake.reset();
      const res = await admin.post('/api/sync/youtube').expect(200);
      const sizes = ((await admin.get('/api/playlists').expect(200)).body as Playlist[]).map(
        (p) => p.videoCount,
      );
      expect(res.body).toMatchObject({ videos: 3, playlists: 1, apiUnits: fullSyncUnits(3, 1, sizes) });
      expect((await fake.stats()).units).toBe(fullSyncUnits(3, 1, sizes));
    }));

  it('answers 502 with YouTube’s reason when the key is refused, and records the failure', () =>
    withApp(fake.env({ YOUTUBE_API_KEY: 'wrong-key' }), async (admin) => {
      const res = await admin.post('/api/sync/youtube').expect(502);
      expect(res.body).toEqual({
        statusCode: 502,
        message:
          'YouTube API error on channels.list (badRequest, HTTP 400): API key not valid. Please pass a valid API key. The existing data is kept.',
        error: 'Bad Gateway',
      });
      const status = (await admin.get('/api/sync/status').expect(200)).body as SyncStatus;
      expect(status.lastRun).toMatchObject({ outcome: 'failed', error: res.body.message, apiUnits: 1 });
      expect(status.lastSuccess).toBeNull();
    }));
});
