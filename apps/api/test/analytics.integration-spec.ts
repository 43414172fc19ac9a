import type { AnalyticsEvent } from '@app/contracts';
import request from 'supertest';
import { bucketOf, utcDay } from '../src/analytics/analytics-math';
import { AnalyticsIngestService } from '../src/analytics/analytics-ingest.service';
import { AnalyticsStoreService } from '../src/analytics/analytics-store.service';
import { SettingsService } from '../src/settings/settings.service';
import { VideoEntity } from '../src/videos/video.entity';
import { SyncStoreService } from '../src/youtube/sync-store.service';
import { analyticsCalls, startAnalyticsApp, videoRow } from './support/analytics-app';
import {
  BROWSER,
  D,
  DAY_MS,
  ingestLog,
  type Sent,
  STORED_VIDEOS,
  visitorHeaders,
} from './support/analytics-log';
import { countable, recount } from './support/analytics-recount';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Site analytics (issue 13, docs/analytics.md): a generated event log (support/analytics-log.ts) goes in through
 * `POST /api/events` (each visitor its own IP via X-Forwarded-For) and every figure of the report equals a recount
 * of the log (support/analytics-recount.ts); then the daily salt, the roll-up, what a beacon may carry, the limits,
 * how far plays got, and the demo channel's history.
 */

let t: TestApp;
let now = D;
const { send, report } = analyticsCalls(() => t);

describe('site analytics', () => {
  let sent: Sent[];

  beforeAll(async () => {
    t = await startAnalyticsApp(() => now);
    await t.dataSource
      .getRepository(VideoEntity)
      .insert([...STORED_VIDEOS].map(([id, title]) => videoRow(id, title, new Date(D - 30 * DAY_MS))));
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

  it('takes text/plain beacons, refuses bad events with a 400 naming the field, and oversized bodies with a 400 naming the limit', async () => {
    now = D + 2 * DAY_MS;
    const pageview = { kind: 'pageview', path: '/', viewport: 'desktop' };
    const plain = await request(t.server)
      .post('/api/events')
      .set({ ...visitorHeaders(500), 'Content-Type': 'text/plain;charset=UTF-8' })
      .send(JSON.stringify({ events: [pageview] }))
      .expect(202);
    expect(plain.body).toEqual({ accepted: 1 });
    const bad = async (body: unknown, message: string) => {
      const res = await request(t.server)
        .post('/api/events')
        .set(visitorHeaders(501))
        .send(body as object)
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
    };
    await bad(
      { events: [{ ...pageview, kind: 'mine' }] },
      "events.0.kind: Invalid discriminator value. Expected 'pageview' | 'play' | 'play_progress' | 'playlist_open' | 'subscribe_click' | 'community_click' | 'hero_impression' | 'hero_click' | 'affiliate_click' | 'sponsor_click' | 'search'",
    );
    await bad(
      { events: [{ ...pageview, path: 'https://evil.example/' }] },
      'events.0.path: must be a site path like /videos/abc',
    );
    await bad({ events: [{ ...pageview, extra: 1 }] }, 'events.0.extra: is not allowed');
    await bad({ events: [] }, 'events: Too small: expected array to have >=1 items');
    // Oversized: a 400 naming the limit (issue 13: never a 5xx), as JSON and as sendBeacon's text/plain.
    const tooBig = JSON.stringify({ events: [{ ...pageview, referrer: 'x'.repeat(9000) }] });
    for (const type of ['application/json', 'text/plain;charset=UTF-8']) {
      const res = await request(t.server)
        .post('/api/events')
        .set({ ...visitorHeaders(502), 'Content-Type': type })
        .send(tooBig)
        .expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'body: must be at most 8192 bytes (8 KB)',
        error: 'Bad Request',
      });
    }
    await request(t.server)
      .post('/api/events')
      .set({ ...visitorHeaders(503), 'Content-Type': 'text/plain' })
      .send('{"events": [')
      .expect(400);
  });

  it('limits each visitor to 120 events a minute, dropping the rest', async () => {
    now = D + 2 * DAY_MS + 1000;
    const batch = Array.from({ length: 20 }, () => ({
      kind: 'pageview' as const,
      path: '/',
      viewport: 'phone' as const,
    }));
    for (let i = 0; i < 6; i++) expect(await send(batch, visitorHeaders(600))).toBe(20);
    expect(await send(batch.slice(0, 1), visitorHeaders(600))).toBe(0);
    expect(await send(batch.slice(0, 1), visitorHeaders(601))).toBe(1);
  });

  it('limits a public address to 600 events a minute whatever user agents it sends; private ones are left to the visitor limit', async () => {
    now = D + 2 * DAY_MS + 61_000;
    const batch = Array.from({ length: 20 }, () => ({
      kind: 'pageview' as const,
      path: '/',
      viewport: 'phone' as const,
    }));
    // A script changing its user agent each time: a new visitor each time, the same address.
    const script = (i: number) => ({ 'X-Forwarded-For': '8.8.4.4', 'User-Agent': `${BROWSER} script-${i}` });
    for (let i = 0; i < 30; i++) expect(await send(batch, script(i))).toBe(20);
    expect(await send(batch.slice(0, 1), script(30))).toBe(0);
    // Another public address, and many visitors behind one private address, still count.
    expect(await send(batch.slice(0, 1), { ...script(31), 'X-Forwarded-For': '8.8.8.8' })).toBe(1);
    const office = (i: number) => ({ 'X-Forwarded-For': '10.9.9.9', 'User-Agent': `${BROWSER} office-${i}` });
    for (let i = 0; i < 31; i++) expect(await send(batch, office(i))).toBe(20);
  });

  it('counts an IPv6 address by its /64: new addresses in the same /64 share its 600 events a minute', async () => {
    now = D + 2 * DAY_MS + 122_000;
    const batch = Array.from({ length: 20 }, () => ({
      kind: 'pageview' as const,
      path: '/',
      viewport: 'phone' as const,
    }));
    // One subscriber's /64: a new address and user agent on every request.
    const from = (address: string, i: number) => ({
      'X-Forwarded-For': address,
      'User-Agent': `${BROWSER} v6-${i}`,
    });
    for (let i = 0; i < 30; i++) expect(await send(batch, from(`2a00:1450:4001:800::${i + 1}`, i))).toBe(20);
    expect(await send(batch.slice(0, 1), from('2a00:1450:4001:800:ffff:1:2:3', 30))).toBe(0);
    // The next /64 is another subscriber.
    expect(await send(batch.slice(0, 1), from('2a00:1450:4001:801::1', 31))).toBe(1);
  });

  it('counts nothing while site analytics is turned off', async () => {
    await t.app.get(SettingsService).set('enableSiteAnalytics', false);
    now += 5000;
    expect(await send([{ kind: 'pageview', path: '/', viewport: 'phone' }], visitorHeaders(700))).toBe(0);
    expect((await report('7d')).enabled).toBe(false);
    await t.app.get(SettingsService).set('enableSiteAnalytics', true);
    now += 5000;
    expect(await send([{ kind: 'pageview', path: '/', viewport: 'phone' }], visitorHeaders(700))).toBe(1);
  });

  it('counts how far the plays of each video got, only for videos the site holds, and refuses a bad milestone', async () => {
    now = D + 10 * DAY_MS;
    const stored = (id: string, title: string) => videoRow(id, title, new Date(D));
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
