import { bucketOf } from '../src/analytics/analytics-math';
import { SyncStoreService } from '../src/youtube/sync-store.service';
import { analyticsCalls } from './support/analytics-app';
import { startTestApp, type TestApp } from './support/test-app';

/** Site analytics of the demo channel (docs/analytics.md): a deterministic history until the first real sync. */

let t: TestApp;
const { report } = analyticsCalls(() => t);

describe('site analytics of the demo channel', () => {
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('shows a deterministic demo history until the first real sync replaces the demo channel', async () => {
    const demo = await report('90d');
    expect(demo.demo).toBe(true);
    expect(demo.series.every((point) => point.date === bucketOf(point.date, 'week'))).toBe(true);
    expect(demo.totals.views).toBeGreaterThan(10_000);
    expect(demo.sources.reduce((sum, s) => sum + s.visits, 0)).toBe(demo.totals.visitors);
    expect(demo.topVideos.length).toBe(10);
    expect(demo.topVideos.every((video) => video.title !== null)).toBe(true);
    // How far the demo plays got: fewer at each point, never more than the plays.
    for (const { plays, reached } of demo.topVideos) {
      const counts = [plays, reached[25], reached[50], reached[75], reached[100]];
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    }
    expect(demo.topVideos[0].reached[100]).toBeGreaterThan(0);
    expect(demo.hero.test.enoughData).toBe(true);

    await t.app.get(SyncStoreService).apply(
      {
        channel: {
          youtubeChannelId: 'UC1234567890123456789012',
          title: 'Real',
          handle: null,
          description: null,
          thumbnail: null,
          banner: null,
          uploadsPlaylistId: null,
          subscriberCount: 1,
          videoCount: 0,
          viewCount: 1,
          isDemo: false,
        },
        videos: [],
        playlists: [],
      },
      async () => undefined,
    );
    const real = await report('90d');
    expect(real.demo).toBe(false);
    expect(real.totals).toEqual({ views: 0, visitors: 0, plays: 0, pagesPerVisit: 0 });
    expect(real.hero.test).toEqual({ enoughData: false, pValue: null, significant: false, leader: null });
  });
});
