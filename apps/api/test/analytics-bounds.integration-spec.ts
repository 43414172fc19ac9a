import { type AnalyticsEvent, type AnalyticsReport, analyticsRowsPerDayBound } from '@app/contracts';
import request from 'supertest';
import {
  CAPPED_DIMS_PER_DAY,
  dimBoundsPerDay,
  REFERRERS_PER_DAY,
  SEARCHES_PER_DAY,
  WEEKLY,
} from '../src/analytics/analytics-kinds';
import { AnalyticsIngestService } from '../src/analytics/analytics-ingest.service';
import { AnalyticsStoreService } from '../src/analytics/analytics-store.service';
import { mondayOf, utcDay } from '../src/analytics/analytics-math';
import { Clock } from '../src/common/clock';
import { VideoEntity } from '../src/videos/video.entity';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Bounded analytics (issue 25, docs/analytics.md): what an anonymous flood can add to the rollups is capped per day,
 * forged clicks without an impression count for nothing, and made-up paths and referrers never reach the dashboard
 * by name.
 */

const DAY_MS = 86_400_000;
/** A Wednesday, noon UTC. */
const D = Date.parse('2026-04-15T12:00:00Z');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const VIDEOS = ['knownvideo1', 'knownvideo2', 'knownvideo3'];

let t: TestApp;
let now = D;
let visitorCount = 0;

/** A new visitor each call: its own private address and user agent (no per-address limit applies to it). */
function newVisitor(): Record<string, string> {
  const n = ++visitorCount;
  return { 'X-Forwarded-For': `10.1.${n >> 8}.${n & 255}`, 'User-Agent': `${BROWSER} flood-${n}` };
}

async function send(events: AnalyticsEvent[], headers: Record<string, string>): Promise<number> {
  return (await request(t.server).post('/api/events').set(headers).send({ events }).expect(202)).body
    .accepted;
}

async function report(): Promise<AnalyticsReport> {
  const admin = await signedInAgent(t.server);
  return (await admin.get('/api/admin/analytics?range=7d').expect(200)).body;
}

const view = (path = '/', extra: Partial<Extract<AnalyticsEvent, { kind: 'pageview' }>> = {}) =>
  ({ kind: 'pageview', path, viewport: 'desktop', ...extra }) as AnalyticsEvent;

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CONTENT: 'false', TRUST_PROXY: 'true' } });
  jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => now);
  await t.dataSource.getRepository(VideoEntity).insert(
    VIDEOS.map((id) => ({
      id,
      title: id,
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
});
afterAll(() => t?.close());

describe('what counts', () => {
  beforeEach(() => t.dataSource.query('DELETE FROM analytics_rollup'));

  it('a hero click counts only after an impression of its variant from the same visitor that day', async () => {
    now = D;
    // Forged: a page view and clicks, no impression (the finding: "A leads, significant" from clicks alone).
    for (let i = 0; i < 20; i++) {
      const forger = newVisitor();
      expect(await send([view(), { kind: 'hero_click', path: '/', variant: 'A' }], forger)).toBe(2);
      expect(await send([{ kind: 'hero_click', path: '/', variant: 'A' }], forger)).toBe(1);
    }
    // A real visitor: the impression (in its own beacon, or the same one), then the click; B's click needs B.
    const visitor = newVisitor();
    await send([view(), { kind: 'hero_impression', path: '/', variant: 'A' }], visitor);
    await send(
      [
        { kind: 'hero_click', path: '/', variant: 'A' },
        { kind: 'hero_click', path: '/', variant: 'B' },
      ],
      visitor,
    );
    const other = newVisitor();
    await send(
      [
        { kind: 'hero_click', path: '/', variant: 'B' },
        { kind: 'hero_impression', path: '/', variant: 'B' },
        view(),
      ],
      other,
    );
    expect((await report()).hero).toMatchObject({
      A: { impressions: 1, clicks: 1 },
      B: { impressions: 1, clicks: 1 },
    });
    // The next day is a new day: yesterday's impression does not carry over.
    now = D + DAY_MS;
    await send([view(), { kind: 'hero_click', path: '/', variant: 'A' }], visitor);
    expect((await report()).hero).toMatchObject({ A: { impressions: 1, clicks: 1 } });
  });

  it('clicks and plays count only after a page view of the same visitor that day', async () => {
    now = D + 2 * DAY_MS;
    const clicks: AnalyticsEvent[] = [
      { kind: 'play', path: '/', videoId: VIDEOS[0], where: 'grid' },
      { kind: 'play_progress', path: '/', videoId: VIDEOS[0], milestone: 25 },
      { kind: 'playlist_open', path: '/', playlistId: 'PL1' },
      { kind: 'subscribe_click', path: '/', where: 'hero' },
      { kind: 'community_click', path: '/', card: 'discord' },
      { kind: 'affiliate_click', path: '/', programId: 'gear' },
      { kind: 'sponsor_click', path: '/', sponsorId: 'acme' },
    ];
    const script = newVisitor();
    expect(await send(clicks, script)).toBe(clicks.length);
    // A page view of another visitor does not help; nor does the dashboard's.
    await send([view()], newVisitor());
    await send([view('/admin')], script);
    let { totals, conversions } = await report();
    expect(totals).toMatchObject({ views: 1, plays: 0 });
    expect(conversions).toMatchObject({
      subscribeClicks: 0,
      communityClicks: 0,
      affiliateClicks: 0,
      sponsorClicks: 0,
      playlistOpens: 0,
    });
    // After its own page view, each counts once.
    await send([view()], script);
    await send(clicks, script);
    ({ totals, conversions } = await report());
    expect(totals).toMatchObject({ views: 2, plays: 1 });
    expect(conversions).toMatchObject({
      subscribeClicks: 1,
      communityClicks: 1,
      affiliateClicks: 1,
      sponsorClicks: 1,
      playlistOpens: 1,
    });
  });

  it('counts paths only for the site’s routes: other paths are "other", /admin nothing', async () => {
    now = D + 3 * DAY_MS;
    const paths = [
      '/',
      `/videos/${VIDEOS[0]}`,
      '//evil.example/phish',
      '/junk-1',
      '/videos/made-up-id',
      '/admin',
    ];
    for (const path of paths) await send([view(path)], newVisitor());
    const { topPages, totals } = await report();
    expect(topPages).toEqual(
      expect.arrayContaining([
        { path: '/', views: 1 },
        { path: `/videos/${VIDEOS[0]}`, views: 1 },
        { path: 'other', views: 3 },
      ]),
    );
    expect(topPages).toHaveLength(3);
    expect(totals.views).toBe(5);
  });
});

describe('a flood', () => {
  it(`adds at most analyticsRowsPerDayBound rows to the rollups (${analyticsRowsPerDayBound(VIDEOS.length)} with ${VIDEOS.length} videos), whatever it sends`, async () => {
    // The visitors first: the write timer's daily upkeep (every second) rolls the earlier tests' visitors into
    // rollup rows of their days, and one that ran between the two deletes left rows of those days (once on
    // MariaDB in CI). With no visitor left, an upkeep after the first delete adds nothing, and the rows of one
    // that was under way go with the second.
    await t.dataSource.query('DELETE FROM analytics_visitor');
    await t.dataSource.query('DELETE FROM analytics_rollup');
    now = D + 5 * DAY_MS;
    const day = utcDay(now);
    const junk = (i: number, j: number): AnalyticsEvent[] => {
      const id = `${i}-${j}`;
      return [
        view(`/junk-${id}`, {
          referrer: `https://ref-${id}.example/path`,
          utm: { source: `s${id}`, medium: `m${id}`, campaign: `c${id}` },
        }),
        { kind: 'hero_impression', path: '/', variant: j % 2 ? 'A' : 'B' },
        { kind: 'hero_click', path: '/', variant: j % 2 ? 'A' : 'B' },
        { kind: 'play', path: '/', videoId: `fake-${id}`, where: 'grid' },
        { kind: 'play_progress', path: '/', videoId: `fake-${id}`, milestone: 50 },
        { kind: 'playlist_open', path: '/', playlistId: `PL${id}` },
        { kind: 'subscribe_click', path: '/', where: `w${id}` },
        { kind: 'community_click', path: '/', card: 'twitter' },
        { kind: 'affiliate_click', path: '/', programId: `p${id}` },
        { kind: 'sponsor_click', path: '/', sponsorId: `s${id}` },
      ];
    };
    // 400 visitors (a user agent and address each) × 6 beacons of 20 events: 48,000 events, every one of them a
    // new path, referrer, campaign, video, playlist, link, program and sponsor.
    let accepted = 0;
    const visitors = Array.from({ length: 400 }, newVisitor);
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(
        visitors.map((headers, i) => send([...junk(i, 2 * round), ...junk(i, 2 * round + 1)], headers)),
      );
      accepted += answers.reduce((sum, n) => sum + n, 0);
    }
    expect(accepted).toBe(48_000);
    // And 1,200 searches, every one a new query that found nothing (the visitors viewed a page that day already),
    // a minute later: each visitor sent its minute's events.
    now += 61_000;
    const searches = await Promise.all(
      visitors.slice(0, 120).map((headers, i) =>
        send(
          Array.from({ length: 10 }, (_, j) => ({
            kind: 'search',
            path: '/search',
            q: `query ${i}-${j}`,
            results: 0,
          })),
          headers,
        ),
      ),
    );
    expect(searches.reduce((sum, n) => sum + n, 0)).toBe(1_200);
    const ingest = t.app.get(AnalyticsIngestService);
    await ingest.flush();
    // The day is rolled up (its visitors become referrer and campaign rows) two days later.
    now += 2 * DAY_MS;
    await ingest.maintain();

    const rows: { kind: string; day: string; dim: string }[] = await t.dataSource.query(
      'SELECT kind, day, dim FROM analytics_rollup',
    );
    const daily = rows.filter((r) => !r.kind.endsWith(WEEKLY));
    const weekly = rows.filter((r) => r.kind.endsWith(WEEKLY));
    expect(daily.every((r) => r.day === day)).toBe(true);
    expect(weekly.every((r) => r.day === mondayOf(day))).toBe(true);
    expect(rows.length).toBeLessThanOrEqual(analyticsRowsPerDayBound(VIDEOS.length));
    const bounds = dimBoundsPerDay(VIDEOS.length);
    // The per-kind table and the documented sum agree.
    expect(2 * Object.values(bounds).reduce((sum, n) => sum + n, 0)).toBe(
      analyticsRowsPerDayBound(VIDEOS.length),
    );
    const over = Object.entries(bounds).flatMap(([kind, bound]) => {
      const n = daily.filter((r) => r.kind === kind).length;
      return n > bound ? [`${kind}: ${n} rows, bound ${bound}`] : [];
    });
    expect(over).toEqual([]);
    // The caps were reached, and what is beyond them is "other".
    expect(daily.filter((r) => r.kind === 'referrer')).toHaveLength(REFERRERS_PER_DAY + 1);
    expect(daily.filter((r) => r.kind === 'playlist_open')).toHaveLength(CAPPED_DIMS_PER_DAY + 1);
    // A day that is over keeps its most searched queries, and its week the same.
    for (const kind of ['search', 'search_empty']) {
      expect(daily.filter((r) => r.kind === kind)).toHaveLength(SEARCHES_PER_DAY + 1);
      expect(weekly.filter((r) => r.kind === `${kind}${WEEKLY}`)).toHaveLength(SEARCHES_PER_DAY + 1);
    }
    expect(daily.filter((r) => r.kind === 'page').map((r) => r.dim)).toEqual(['other']);
    expect(daily.filter((r) => r.kind === 'play_video').map((r) => r.dim)).toEqual(['other']);
    expect(daily.filter((r) => r.kind === 'play_progress')).toEqual([]);
    // Bytes: every dim is one of a bounded set, at most 512 characters (the column).
    const bytes = rows.reduce((sum, r) => sum + r.kind.length + r.dim.length + r.day.length + 8, 0);
    expect(bytes).toBeLessThanOrEqual(analyticsRowsPerDayBound(VIDEOS.length) * (24 + 512 + 10 + 8));
  }, 120_000);
});

describe('the daily upkeep', () => {
  it('keeps a new day’s salt when a call for the day before ends after it (across midnight)', async () => {
    const store = t.app.get(AnalyticsStoreService);
    const salt = await store.saltFor('2026-06-02');
    await store.saltFor('2026-06-01');
    expect(await store.saltFor('2026-06-02')).toBe(salt);
  });

  it('writes what is buffered before it rolls up a day: a visitor of that day still counts once', async () => {
    const ingest = t.app.get(AnalyticsIngestService);
    // The write timer stopped (as at shutdown), as when writes failed for a while: what comes next stays buffered.
    await ingest.beforeApplicationShutdown();
    now = D + 20 * DAY_MS;
    const visitor = newVisitor();
    await send([view()], visitor);
    await ingest.flush();
    await send([view(`/videos/${VIDEOS[0]}`)], visitor);
    // Two days later the day's visitors are rolled up into its counts.
    now += 2 * DAY_MS;
    await ingest.maintain();
    expect((await report()).totals).toMatchObject({ views: 2, visitors: 1 });
  });
});
