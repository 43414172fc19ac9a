import type { AnalyticsEvent } from '@app/contracts';
import request from 'supertest';
import { utcDay } from '../src/analytics/analytics-math';
import { AnalyticsIngestService } from '../src/analytics/analytics-ingest.service';
import { AnalyticsStoreService } from '../src/analytics/analytics-store.service';
import { VideoEntity } from '../src/videos/video.entity';
import { analyticsCalls, startAnalyticsApp } from './support/analytics-app';
import { D, DAY_MS, ingestLog, type Sent, STORED_VIDEOS, visitorHeaders } from './support/analytics-log';
import { countable, recount } from './support/analytics-recount';
import { signedInAgent } from './support/auth';
import type { TestApp } from './support/test-app';

/**
 * Site analytics (issue 13, docs/analytics.md): a generated event log (support/analytics-log.ts) goes in through
 * `POST /api/events` and every figure of the report equals a recount of the log (support/analytics-recount.ts);
 * the daily salt, the roll-up of older visitors, how far plays got. What a beacon may carry and the limits on
 * sending them: analytics-beacons; the demo channel's history: analytics-demo.
 */

let t: TestApp;
let now = D;
const { send, report } = analyticsCalls(() => t);

describe('site analytics', () => {
  let sent: Sent[];

  beforeAll(async () => {
    t = await startAnalyticsApp(() => now);
    await t.dataSource.getRepository(VideoEntity).insert(
      [...STORED_VIDEOS].map(([id, title]) => ({
        id,
        title,
        description: null,
        thumbnail: null,
        duration: '4:00',
        durationSeconds: 240,
        viewCount: 1,
        publishedAt: new Date(D - 30 * DAY_MS),
        featured: false,
        kind: 'video' as const,
      })),
    );
    sent = await ingestLog(send, (time) => (now = time));
  });
  afterAll(() => t?.close());

  it('counts every figure of the report as a recount of the event log finds it', async () => {
    expect(sent.length).toBeGreaterThan(100);
    for (const range of ['7d', '30d', '90d', '1y'] as const) {
      expect(await report(range)).toEqual({ ...recount(sent, range, utcDay(D)), enabled: true, demo: false });
    }
    expect(await t.app.get(AnalyticsStoreService).eventCount()).toBe(countable(sent).length);
    // The rules above dropped or folded something of each kind they cover.
    expect(countable(sent).length).toBeLessThan(sent.length);
  });

  it('rotates the salt daily: a visitor of both days counts twice, under two unlinkable hashes', async () => {
    const both = new Set(sent.filter((s) => s.day === utcDay(D - DAY_MS)).map((s) => s.visitor));
    expect(sent.some((s) => s.day === utcDay(D) && both.has(s.visitor))).toBe(true);
    const salts = await t.dataSource.query('SELECT day FROM analytics_salt');
    expect(salts).toEqual([{ day: utcDay(D) }]);
    const shared = await t.dataSource.query(
      'SELECT hash FROM analytics_visitor GROUP BY hash HAVING COUNT(*) > 1',
    );
    expect(shared).toEqual([]);
    const columns = (await t.dataSource.query('SELECT * FROM analytics_visitor LIMIT 1'))[0];
    expect(Object.keys(columns).sort()).toEqual([
      'campaign',
      'day',
      'hash',
      'hero',
      'network',
      'referrer',
      'source',
    ]);
    // The network (/24 or /48, for the flood check) is a hash with the day's salt too: no address, and no link
    // between the days.
    const networks: { day: string; network: string }[] = await t.dataSource.query(
      'SELECT DISTINCT day, network FROM analytics_visitor',
    );
    // Today and yesterday at least (older days are rolled up by the write timer's upkeep, whenever it has run).
    expect(new Set(networks.map((n) => n.day)).size).toBeGreaterThanOrEqual(2);
    for (const { network } of networks) expect(network).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(networks.map((n) => n.network)).size).toBe(networks.length);
  });

  it('rolls older visitors into the daily counts without changing a figure', async () => {
    now = D + 2 * DAY_MS;
    await t.app.get(AnalyticsIngestService).maintain();
    expect(await t.dataSource.query('SELECT day FROM analytics_visitor')).toEqual([]);
    expect(await report('7d')).toEqual({ ...recount(sent, '7d', utcDay(now)), enabled: true, demo: false });
    expect(
      (await t.dataSource.query('SELECT day FROM analytics_salt')).map((r: { day: string }) => r.day),
    ).toEqual([utcDay(now)]);
  });

  it('counts how far the plays of each video got, only for videos the site holds, and refuses a bad milestone', async () => {
    now = D + 10 * DAY_MS;
    const stored = (id: string, title: string) => ({
      id,
      title,
      description: null,
      thumbnail: null,
      duration: '4:00',
      durationSeconds: 240,
      viewCount: 1,
      publishedAt: new Date(D),
      featured: false,
      kind: 'video' as const,
    });
    await t.dataSource
      .getRepository(VideoEntity)
      .insert([stored('progress-aa', 'Watched to the end'), stored('progress-bb', 'Left early')]);
    const path = '/videos/progress-aa';
    const play = (videoId: string): AnalyticsEvent => ({ kind: 'play', path, videoId, where: 'watch_page' });
    const reached = (videoId: string, ...milestones: (25 | 50 | 75 | 100)[]): AnalyticsEvent[] =>
      milestones.map((milestone) => ({ kind: 'play_progress', path, videoId, milestone }));
    const view: AnalyticsEvent = { kind: 'pageview', path, viewport: 'desktop' };
    expect(
      await send([view, play('progress-aa'), ...reached('progress-aa', 25, 50)], visitorHeaders(800)),
    ).toBe(4);
    expect(
      await send(
        [view, play('progress-aa'), ...reached('progress-aa', 25, 50, 75, 100)],
        visitorHeaders(801),
      ),
    ).toBe(6);
    expect(await send([view, play('progress-bb'), ...reached('progress-bb', 25)], visitorHeaders(802))).toBe(
      3,
    );
    // A video the site does not hold: taken (the beacon cannot tell), but nothing is stored for it.
    expect(await send([view, ...reached('not-a-video', 25, 50, 75, 100)], visitorHeaders(803))).toBe(5);

    const { topVideos } = await report('7d');
    expect(topVideos).toEqual([
      {
        videoId: 'progress-aa',
        title: 'Watched to the end',
        plays: 2,
        reached: { 25: 2, 50: 2, 75: 1, 100: 1 },
      },
      { videoId: 'progress-bb', title: 'Left early', plays: 1, reached: { 25: 1, 50: 0, 75: 0, 100: 0 } },
    ]);
    const rows = await t.dataSource.query(
      "SELECT dim FROM analytics_rollup WHERE kind LIKE 'play_progress%' AND dim LIKE 'not-a-video%'",
    );
    expect(rows).toEqual([]);

    const bad = async (event: object, message: string) => {
      const res = await request(t.server)
        .post('/api/events')
        .set(visitorHeaders(804))
        .send({ events: [event] })
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
    };
    const progress = { kind: 'play_progress', path, videoId: 'progress-aa', milestone: 50 };
    for (const milestone of [0, 30, 99, 101, '50'])
      await bad({ ...progress, milestone }, 'events.0.milestone: must be 25, 50, 75 or 100');
    await bad(
      { ...progress, videoId: 'no spaces' },
      'events.0.videoId: must be a video id (letters, digits, - and _)',
    );
  });

  it('refuses an unknown range', async () => {
    const admin = await signedInAgent(t.server);
    const res = await admin.get('/api/admin/analytics?range=2w').expect(400);
    expect(res.body.message).toMatch(/^range: /);
  });
});
