import {
  type ChannelStats,
  FEED_ENTRY_COUNT,
  type Playlist,
  type SyncResult,
  thumbnailUrl,
  UNKNOWN_DURATION,
  type Video,
} from '@app/contracts';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { ChannelEntity } from '../src/channel/channel.entity';
import { parseChannelFeed } from '../src/youtube/channel-feed';
import { FAKE_API_KEY, type FakeYouTube, startFakeYouTube } from './support/fake-youtube';
import { useStack, withStack } from './support/stack';
import type { TestApp } from './support/test-app';

const VIDEOS = 40;
const PLAYLISTS = 3;

/** Issue 24: with a channel and no key, the sync reads the channel's public Atom feed (0 units). */
describe('YouTube sync in feed mode (no API key)', () => {
  let fake: FakeYouTube;
  let t: TestApp;
  let admin: TestAgent;

  useStack(
    { youtube: { videos: VIDEOS, playlists: PLAYLISTS }, env: { YOUTUBE_API_KEY: '' } },
    (s) => ({ youtube: fake, t, admin } = s),
  );

  const channelStats = async (): Promise<ChannelStats> =>
    (await request(t.server).get('/api/channel/stats').expect(200)).body;
  const videos = async (): Promise<Video[]> => (await request(t.server).get('/api/videos').expect(200)).body;
  const playlists = async (): Promise<Playlist[]> =>
    (await request(t.server).get('/api/playlists').expect(200)).body;
  /** The fake's own word on some videos, through its Data API (the test's calls, not the app's). */
  const truth = async (ids: string[]) => {
    const url = `${fake.url}/videos?part=snippet,statistics,contentDetails&id=${ids.join(',')}&key=${FAKE_API_KEY}`;
    const body = (await (await fetch(url)).json()) as {
      items: {
        id: string;
        snippet: { title: string; publishedAt: string };
        statistics?: { viewCount?: string };
      }[];
    };
    return new Map(body.items.map((item) => [item.id, item]));
  };

  it('replaces the demo with the newest 15 from the feed: no quota, durations and playlists unknown', async () => {
    await fake.reset();
    const newest = (await fake.channel()).videoIds.slice(0, FEED_ENTRY_COUNT);
    const res = await admin.post('/api/sync/youtube').expect(200);
    expect(res.body as SyncResult).toMatchObject({ videos: FEED_ENTRY_COUNT, playlists: 0, apiUnits: 0 });
    const stats = await fake.stats();
    expect({ units: stats.units, feedRequests: stats.feedRequests }).toEqual({ units: 0, feedRequests: 1 });

    const stored = await videos();
    expect(stored.map((v) => v.id).sort()).toEqual([...newest].sort());
    const known = await truth(newest);
    for (const video of stored) {
      const item = known.get(video.id)!;
      expect(video).toMatchObject({
        title: item.snippet.title,
        // The feed always states views; the Data API leaves `statistics` out for some videos (the fake as YouTube).
        ...(item.statistics?.viewCount === undefined ? {} : { viewCount: Number(item.statistics.viewCount) }),
        publishedAt: new Date(item.snippet.publishedAt).toISOString(),
        thumbnail: thumbnailUrl(video.id, 'hqdefault'),
        // Unknown, not invented: no text and no seconds.
        duration: '',
        durationSeconds: 0,
      });
    }
    // The demo's playlists are gone; the feed names none.
    expect(await playlists()).toEqual([]);
    const channel = (await admin.get('/api/sync/status').expect(200)).body.lastRun;
    expect(channel).toMatchObject({ outcome: 'success', apiUnits: 0, videos: FEED_ENTRY_COUNT });
    // The feed states no channel totals: unknown (null), not the demo's numbers and not 0.
    expect(await channelStats()).toEqual({ subscriberCount: null, videoCount: null, viewCount: null });
    const row = await t.dataSource.getRepository(ChannelEntity).findOneByOrFail({ id: 1 });
    expect({ s: row.subscriberCount, v: row.videoCount, w: row.viewCount }).toEqual({
      s: null,
      v: null,
      w: null,
    });
  });

  it('keeps unicode, markup-like text and entities exactly', async () => {
    const { id } = (await videos()).find((v) => v.kind === 'video')!;
    const title = 'Ünïcödé — 日本語 & <b>"quotes"</b> \'single\' 🎬';
    const description = 'Line one & <two>\nLine “three” → done';
    await fake.updateVideo(id, { title, description, viewCount: 9_876_543 });
    await admin.post('/api/sync/youtube').expect(200);
    expect((await videos()).find((v) => v.id === id)).toMatchObject({
      title,
      description,
      viewCount: 9_876_543,
    });
  });

  it('adds new uploads and keeps the videos that dropped out of the feed', async () => {
    const added = await fake.addVideos(2);
    const res = await admin.post('/api/sync/youtube').expect(200);
    expect(res.body).toMatchObject({ videos: FEED_ENTRY_COUNT, added: 2, removed: 0 });
    const ids = (await videos()).map((v) => v.id);
    expect(ids).toHaveLength(FEED_ENTRY_COUNT + 2);
    for (const video of added) expect(ids).toContain(video.id);
  });

  it('fills in everything on the next sync once a key is saved, and a later feed sync keeps the durations', async () => {
    await admin.post('/api/settings/youtubeApiKey').send({ value: FAKE_API_KEY }).expect(200);
    const full = await admin.post('/api/sync/youtube').expect(200);
    expect(full.body).toMatchObject({ videos: VIDEOS + 2, playlists: PLAYLISTS });
    expect(full.body.apiUnits).toBeGreaterThan(0);
    // The key's sync states the channel's totals, which the feed could not.
    const { id: channelId } = await fake.channel();
    const url = `${fake.url}/channels?part=statistics&id=${channelId}&key=${FAKE_API_KEY}`;
    const said = ((await (await fetch(url)).json()) as { items: { statistics: Record<string, string> }[] })
      .items[0]!.statistics;
    const totals = await channelStats();
    expect(totals).toMatchObject({ videoCount: Number(said.videoCount), viewCount: Number(said.viewCount) });
    expect(totals.videoCount).toEqual(expect.any(Number));
    expect(totals.viewCount).toEqual(expect.any(Number));
    if (said.subscriberCount !== undefined) expect(totals.subscriberCount).toBe(Number(said.subscriberCount));
    const withDurations = await videos();
    // Every duration known (a stream LIVE or UPCOMING), but for an upload YouTube still processes (its P0D).
    const { items } = (await (
      await fetch(
        `${fake.url}/videos?part=status&id=${withDurations.map((v) => v.id).join(',')}&key=${FAKE_API_KEY}`,
      )
    ).json()) as { items: { id: string; status: { uploadStatus: string } }[] };
    const processing = items.filter((item) => item.status.uploadStatus === 'uploaded').map((item) => item.id);
    expect(withDurations.filter((v) => v.duration === UNKNOWN_DURATION).map((v) => v.id)).toEqual(processing);
    expect(await playlists()).toHaveLength(PLAYLISTS);

    await admin.post('/api/settings/youtubeApiKey').send({ value: '' }).expect(200);
    await fake.reset();
    const feed = await admin.post('/api/sync/youtube').expect(200);
    expect(feed.body).toMatchObject({ apiUnits: 0, removed: 0 });
    expect((await fake.stats()).units).toBe(0);
    const durations = (list: Video[]) => list.map((v) => [v.id, v.duration, v.durationSeconds]);
    expect(durations(await videos())).toEqual(durations(withDurations));
    expect(await playlists()).toHaveLength(PLAYLISTS);
    // A later feed sync keeps the totals the key stated (the feed has none to replace them with).
    expect(await channelStats()).toEqual(totals);
  });
});

describe('YouTube feed mode configuration', () => {
  let fake: FakeYouTube;
  beforeAll(async () => {
    fake = await startFakeYouTube({ videos: 3, playlists: 1 });
  });
  afterAll(() => fake?.stop());

  const withApp = (extra: Record<string, string>, body: (admin: TestAgent) => Promise<void>) =>
    withStack({ env: fake.env({ ...extra, YOUTUBE_API_KEY: '' }) }, ({ admin }) => body(admin));

  it('needs the UC… id: a handle is refused with a 400 saying why', () =>
    withApp({ YOUTUBE_CHANNEL_ID: '@somebody' }, async (admin) => {
      const res = await admin.post('/api/sync/youtube').expect(400);
      expect(res.body.message).toBe(
        "Without a YouTube API key the channel's public feed is read by its UC… id, and @somebody is a handle: paste the channel's URL with its UC… id into Channel in YouTube set-up (Content → YouTube Integration), or save an API key there",
      );
    }));

  it('says when YouTube has no feed for the channel (404), records it, and checks the id on save', () =>
    withApp({ YOUTUBE_CHANNEL_ID: 'UC0000000000000000000000' }, async (admin) => {
      const res = await admin.post('/api/sync/youtube').expect(400);
      expect(res.body.message).toBe(
        'YouTube has no channel UC0000000000000000000000: check Channel in YouTube set-up (Content → YouTube Integration)',
      );
      expect((await admin.get('/api/sync/status').expect(200)).body.lastRun).toMatchObject({
        outcome: 'failed',
        apiUnits: 0,
      });
      const saved = await admin
        .post('/api/settings/channelId')
        .send({ value: 'UC1111111111111111111111' })
        .expect(400);
      expect(saved.body.message).toBe('channelId: YouTube has no channel UC1111111111111111111111');
      await admin.post('/api/settings/channelId').send({ value: fake.channelId }).expect(200);
      const check = await admin.post('/api/integrations/youtube/test').expect(200);
      expect(check.body).toMatchObject({ ok: true });
      expect(check.body.message).toMatch(/from its public feed: 3 newest videos, 0 quota units/);
    }));

  it('says what is wrong with an answer that is not a feed', () => {
    expect(() => parseChannelFeed('{"not": "xml"}', 'UC0000000000000000000000')).toThrow(
      /^YouTube's feed is not valid XML: /,
    );
    expect(() => parseChannelFeed('<html><body>Sorry</body></html>', 'UC0000000000000000000000')).toThrow(
      "YouTube's answer is not an Atom feed",
    );
  });
});
