import { type AnalyticsReport, analyticsReportSchema } from '@app/contracts';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import request from 'supertest';
import { BEACONS_PER_TURN } from '../src/analytics/analytics-events-http';
import { AnalyticsIngestService } from '../src/analytics/analytics-ingest.service';
import { AnalyticsStoreService } from '../src/analytics/analytics-store.service';
import { addDays, utcDay } from '../src/analytics/analytics-math';
import { Clock } from '../src/common/clock';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Beacons under a flood (issue 25, docs/analytics.md): taken a few per turn of the event loop (TurnQueue) into the
 * buffer, written in batches; every accepted event is in the database after a flush and after a shutdown, exactly.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const pageviews = (n: number) =>
  Array.from({ length: n }, () => ({ kind: 'pageview', path: '/', viewport: 'desktop' }));

/** `beacons` beacons of `size` page views at once, each its own visitor; the sum of `accepted`. */
async function flood(t: TestApp, beacons: number, size: number): Promise<number> {
  const answers = await Promise.all(
    Array.from({ length: beacons }, (_, i) =>
      request(t.server)
        .post('/api/events')
        .set({ 'X-Forwarded-For': `10.1.${i >> 8}.${i & 255}`, 'User-Agent': `${BROWSER} flood-${i}` })
        .send({ events: pageviews(size) })
        .expect(202),
    ),
  );
  return answers.reduce((sum, res) => sum + (res.body as { accepted: number }).accepted, 0);
}

describe('analytics under a flood of beacons', () => {
  let t: TestApp & { sqlitePath?: string };

  afterEach(() => t?.close());

  it('answers every beacon of a burst many times BEACONS_PER_TURN, and a flush stores exactly what was accepted', async () => {
    t = await startTestApp({ env: { SEED_DEMO_CONTENT: 'false', TRUST_PROXY: 'true' } });
    const store = t.app.get(AnalyticsStoreService);
    const before = await store.eventCount();
    const accepted = await flood(t, 30 * BEACONS_PER_TURN, 3);
    expect(accepted).toBe(30 * BEACONS_PER_TURN * 3);
    await t.app.get(AnalyticsIngestService).flush();
    expect((await store.eventCount()) - before).toBe(accepted);
    // The report reads the flushed counts: every page view and one visitor per beacon.
    const admin = await signedInAgent(t.server);
    const report = analyticsReportSchema.parse(
      (await admin.get('/api/admin/analytics?range=7d').expect(200)).body,
    );
    expect(report.totals.views).toBe(accepted);
    expect(report.totals.visitors).toBe(30 * BEACONS_PER_TURN);
  });

  it('writes the buffer on shutdown: a restart on the same database finds every accepted event', async () => {
    t = await startTestApp({ env: { SEED_DEMO_CONTENT: 'false', TRUST_PROXY: 'true' } });
    const sqlitePath = t.sqlitePath;
    const before = await t.app.get(AnalyticsStoreService).eventCount();
    // Under FLUSH_AT events: nothing forces a write before the app closes (the timer's is a second away at most).
    const accepted = await flood(t, 40, 5);
    expect(accepted).toBe(200);
    await t.app.close();
    t = await startTestApp({ env: { SEED_DEMO_CONTENT: 'false' }, reuse: { sqlitePath } });
    expect((await t.app.get(AnalyticsStoreService).eventCount()) - before).toBe(accepted);
    if (sqlitePath) rmSync(dirname(sqlitePath), { recursive: true, force: true });
  });
});

/**
 * A flood of fake visitors (issue 44, docs/analytics.md, floods): the visitor rows stay under the day's cap, the day
 * is flagged, and the owner can leave it out of every report figure and count it again, nothing deleted.
 */
describe('a flood of fake visitors', () => {
  /** A Wednesday, noon UTC. */
  const D = Date.parse('2026-04-15T12:00:00Z');
  const DAY_MS = 86_400_000;
  const CAP = 100;
  let t: TestApp;
  let now = D;

  /** One beacon of `views` page views from a visitor of `address` (its own user agent), landing from `referrer`. */
  const visit = (address: string, referrer: string, views = 1) =>
    request(t.server)
      .post('/api/events')
      .set({ 'X-Forwarded-For': address, 'User-Agent': `${BROWSER} ${address}` })
      .send({
        events: Array.from({ length: views }, () => ({
          kind: 'pageview',
          path: '/',
          viewport: 'desktop',
          referrer,
        })),
      })
      .expect(202);

  /** Five real visitors, each of its own network, from reddit. */
  const realVisitors = () =>
    Promise.all(Array.from({ length: 5 }, (_, i) => visit(`10.20.${i}.1`, 'https://reddit.com/r/videos')));

  const rowCounts = async () => {
    const [rollup] = await t.dataSource.query(
      'SELECT COUNT(*) AS n, SUM(total) AS total FROM analytics_rollup',
    );
    const [visitors] = await t.dataSource.query('SELECT COUNT(*) AS n FROM analytics_visitor');
    return { rollup: Number(rollup.n), total: Number(rollup.total), visitors: Number(visitors.n) };
  };

  beforeAll(async () => {
    t = await startTestApp({
      env: { SEED_DEMO_CONTENT: 'false', TRUST_PROXY: 'true', ANALYTICS_MAX_VISITORS: String(CAP) },
    });
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => now);
  });
  afterAll(() => t?.close());

  it('caps the visitor rows per day, flags flood days, and excluding one takes it out of every figure until undone', async () => {
    // Signed in again after the clock moves (a session's idle time follows it).
    let admin = await signedInAgent(t.server);
    const report = async (range = '7d'): Promise<AnalyticsReport> =>
      analyticsReportSchema.parse((await admin.get(`/api/admin/analytics?range=${range}`).expect(200)).body);
    const exclude = (day: string, excluded: boolean) =>
      admin.put(`/api/admin/analytics/days/${day}`).send({ excluded }).expect(200, { day, excluded });
    const ingest = t.app.get(AnalyticsIngestService);
    const day1 = utcDay(D);
    const day2 = addDays(day1, 1);

    // Day 1: 60 fake visitors of one /24 (a new user agent each), 3 page views each, beside the real ones.
    await realVisitors();
    for (let i = 0; i < 60; i++) await visit(`10.9.0.${i}`, `https://junk-${i}.example/`, 3);
    // Day 2: 150 fake visitors, each of its own /24: more than the day's cap.
    now = D + DAY_MS;
    await realVisitors();
    for (let i = 0; i < 150; i++)
      await visit(`10.${100 + (i >> 6)}.${i & 63}.1`, `https://junk-${i}.example/`);
    await ingest.flush();
    admin = await signedInAgent(t.server);

    const [{ n: day2Rows }] = await t.dataSource.query(
      'SELECT COUNT(*) AS n FROM analytics_visitor WHERE day = ?',
      [day2],
    );
    expect(Number(day2Rows)).toBe(CAP);

    const flagged = await report();
    expect(flagged.floodDays).toEqual([
      { day: day1, visitors: 65, networkVisitors: 60, capped: false, suspected: true, excluded: false },
      { day: day2, visitors: CAP, networkVisitors: 1, capped: true, suspected: true, excluded: false },
    ]);
    // Beyond the cap a new visitor's page views still count as views, not as visitors.
    expect(flagged.totals).toMatchObject({ views: 5 + 180 + 5 + 150, visitors: 65 + CAP });

    // Checked on the visitor rows of the days (today and yesterday), then after they are rolled up (a week later,
    // so the 30-day range reads the flood's week from its weekly rows).
    for (const rolled of [false, true]) {
      if (rolled) {
        now = D + 6 * DAY_MS;
        await ingest.maintain();
        admin = await signedInAgent(t.server);
        expect((await rowCounts()).visitors).toBe(0);
      }
      const before = { week: await report('7d'), month: await report('30d') };
      expect(before.week.floodDays.map((d) => [d.day, d.suspected, d.excluded])).toEqual([
        [day1, true, false],
        [day2, true, false],
      ]);
      const rows = await rowCounts();

      await exclude(day1, true);
      for (const range of ['7d', '30d'] as const) {
        const after = await report(range);
        const was = before[range === '7d' ? 'week' : 'month'];
        expect(after.totals).toMatchObject({
          views: was.totals.views - 185,
          visitors: was.totals.visitors - 65,
        });
        expect(after.floodDays[0]).toMatchObject({ day: day1, excluded: true, suspected: true });
        expect(after.series.find((p) => p.date === day1)?.views ?? 0).toBe(0);
        expect(after.topPages).toEqual([{ path: '/', views: was.totals.views - 185 }]);
        expect(after.sources.find((s) => s.source === 'social')?.visits).toBe(5);
        expect(after.monthlyViews).toBe(was.monthlyViews - 185);
      }
      expect(await rowCounts()).toEqual(rows);

      await exclude(day1, false);
      expect(await report('7d')).toEqual(before.week);
      expect(await report('30d')).toEqual(before.month);
      expect(await rowCounts()).toEqual(rows);
    }
  });

  it('refuses a day that is not a day, and a body without `excluded`, naming them', async () => {
    const admin = await signedInAgent(t.server);
    const bad = await admin.put('/api/admin/analytics/days/yesterday').send({ excluded: true }).expect(400);
    expect(bad.body.message).toContain('day: must be a day like 2026-04-15');
    const noField = await admin.put('/api/admin/analytics/days/2026-04-15').send({}).expect(400);
    expect(noField.body.message).toContain('excluded');
    await request(t.server).put('/api/admin/analytics/days/2026-04-15').send({ excluded: true }).expect(401);
  });
});
