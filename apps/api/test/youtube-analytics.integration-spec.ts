import {
  apiPaths,
  YOUTUBE_ANALYTICS_HISTORY_DAYS,
  type YoutubeAnalyticsStatus,
  type YoutubeAudienceReport,
  type YoutubeContentReport,
  type YoutubeOverviewReport,
  type YoutubeRevenueReport,
} from '@app/contracts';
import type { FakeGoogleStartedLine, FakeGoogleState } from '@app/contracts/fake-google';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { addDays, utcDay } from '../src/analytics/analytics-math';
import { AnalyticsStoreService } from '../src/analytics/analytics-store.service';
import { GoogleApiError } from '../src/google-account/google-api';
import { GoogleAccountService } from '../src/google-account/google-account.service';
import { ReportSession } from '../src/youtube-analytics/report-session';
import { YoutubeAnalyticsReader } from '../src/youtube-analytics/youtube-analytics-reader';
import { YoutubeAnalyticsScheduler } from '../src/youtube-analytics/youtube-analytics-scheduler';
import type { FakeService } from './support/fake-services';
import { connectGoogle } from './support/google-connect';
import { googleClientSettings, useStack } from './support/stack';
import type { TestApp } from './support/test-app';

const SITE_HOST = 'creator.example';
const REPORTS = {
  overview: apiPaths.youtubeAnalyticsOverview,
  content: apiPaths.youtubeAnalyticsContent,
  audience: apiPaths.youtubeAnalyticsAudience,
  revenue: apiPaths.youtubeAnalyticsRevenue,
} as const;
const TABLES = [
  'youtube_channel_day',
  'youtube_video_day',
  'youtube_breakdown_day',
  'youtube_snapshot',
  'youtube_import_state',
];

describe('YouTube Analytics import', () => {
  let t: TestApp;
  let admin: TestAgent;
  let google: FakeService<FakeGoogleStartedLine>;
  useStack(
    {
      google: true,
      env: ({ google }) => ({
        YOUTUBE_CHANNEL_ID: google!.info.owner.channelId!,
        PUBLIC_URL: `https://${SITE_HOST}`,
      }),
      settings: ({ google }) => googleClientSettings(google!),
    },
    (s) => ({ t, admin, google } = s),
  );

  const scheduler = () => t.app.get(YoutubeAnalyticsScheduler);
  const fakeState = () => google.control<FakeGoogleState>('GET', 'state');
  const count = async (table: string) =>
    Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
  const status = async () =>
    (await admin.get(apiPaths.youtubeAnalyticsStatus).expect(200)).body as YoutubeAnalyticsStatus;
  const report = async <T>(path: string, range = '30d') =>
    (await admin.get(`${path}?range=${range}`).expect(200)).body as T;
  const refresh = async () => {
    const res = await admin.post(apiPaths.youtubeAnalyticsRefresh).expect(202);
    await scheduler().whenIdle();
    return res.body as { started: boolean };
  };
  /** Connects the owner (the import starts at once) and waits for the import to end. */
  const connect = async (revenue = true) => {
    await connectGoogle(admin, google, { revenue });
    await scheduler().whenIdle();
  };
  const siteVideos = async () =>
    (await t.dataSource.query('SELECT id, publishedAt FROM video ORDER BY publishedAt DESC')) as {
      id: string;
      publishedAt: string | Date;
    }[];

  /** The fake's channel keeps only its videos of the last 60 days: an import of a few dozen days with data. */
  const recentVideosOnly = async () => {
    const recent = (await siteVideos()).filter(
      (v) => Date.now() - new Date(v.publishedAt).getTime() < 60 * 86_400_000,
    );
    await google.control('POST', 'owner', {
      videos: recent.map((v) => ({ id: v.id, publishedAt: new Date(v.publishedAt).toISOString() })),
    });
  };

  /** No connection, no stored figure, a fresh fake whose channel is the site's. */
  const reset = async () => {
    jest.restoreAllMocks();
    await scheduler().whenIdle();
    await t.dataSource.query('DELETE FROM google_account');
    for (const table of TABLES) await t.dataSource.query(`DELETE FROM ${table}`);
    t.app.get(GoogleAccountService).forgetAccess();
    await google.reset();
    // The fake's channel is the site's: its videos are the site's, linked to from the site's host.
    const videos = (await siteVideos()).map((v) => ({
      id: v.id,
      publishedAt: new Date(v.publishedAt).toISOString(),
    }));
    await google.control('POST', 'owner', { videos, externalSites: [SITE_HOST, 'blog.example'] });
  };

  describe('from no connection', () => {
    beforeEach(reset);

    describe('routes', () => {
      it('answers 401 to a visitor on every route', async () => {
        const visitor = request(t.server);
        for (const res of [
          await visitor.get(apiPaths.youtubeAnalyticsStatus),
          await visitor.get(`${REPORTS.overview}?range=30d`),
          await visitor.get(`${REPORTS.content}?range=30d`),
          await visitor.get(`${REPORTS.audience}?range=30d`),
          await visitor.get(`${REPORTS.revenue}?range=30d`),
          await visitor.post(apiPaths.youtubeAnalyticsRefresh),
        ]) {
          expect([res.status, res.body.message]).toEqual([401, 'Authentication required']);
        }
      });

      it('refuses Refresh from another origin (CSRF)', async () => {
        const res = await admin.post(apiPaths.youtubeAnalyticsRefresh).set('Origin', 'https://evil.example');
        expect(res.status).toBe(403);
      });

      it('answers 400 naming the field for a bad range or an unknown parameter', async () => {
        for (const path of Object.values(REPORTS)) {
          const bad = await admin.get(`${path}?range=2w`);
          expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/^range: /)]);
          const extra = await admin.get(`${path}?range=7d&channel=UCx`);
          expect([extra.status, extra.body.message]).toEqual([400, 'channel: is not allowed']);
        }
      });
    });

    it('without a connection: every report says not connected, no figure, and nothing asks Google', async () => {
      expect(await status()).toMatchObject({
        connection: 'not-connected',
        message: expect.stringMatching(/^Not connected/),
        revenue: null,
        firstImport: null,
        queries: { today: 0, dailyLimit: 2000 },
        lastError: null,
      });
      for (const path of Object.values(REPORTS)) {
        expect(await report(path)).toEqual({
          available: false,
          range: '30d',
          reason: 'not-connected',
          message: expect.stringMatching(/^Not connected/),
        });
      }
      expect(await refresh()).toMatchObject({ started: false });
      expect((await fakeState()).analyticsQueries).toBe(0);
    });

    it('imports a year on connect, newest first, its progress stored, stopping on a quota error and going on later', async () => {
      await recentVideosOnly();
      await google.control('POST', 'quota', { analyticsQueries: 40 });
      await connect();
      const stopped = await status();
      expect(stopped).toMatchObject({
        connection: 'connected',
        revenue: 'granted',
        running: false,
        firstImport: { daysTotal: YOUTUBE_ANALYTICS_HISTORY_DAYS, running: false, done: false },
        lastError: { kind: 'quota', message: expect.stringContaining('quotaExceeded') },
      });
      // Each call is counted, the refused one too (Google counts it).
      expect(stopped.queries.today).toBe((await fakeState()).analyticsQueries);
      expect(stopped.queries.today).toBe(41);
      const part = stopped.firstImport!.daysDone;
      expect(part).toBeGreaterThan(0);
      expect(part).toBeLessThan(YOUTUBE_ANALYTICS_HISTORY_DAYS);
      // What was read is kept and shown: the newest days first.
      const overview = await report<YoutubeOverviewReport>(REPORTS.overview, '7d');
      expect(overview).toMatchObject({ available: true, importing: true });

      await google.control('POST', 'quota', { analyticsQueries: null });
      expect(await refresh()).toEqual({ started: true, status: expect.anything() });
      const done = await status();
      expect(done).toMatchObject({
        firstImport: { daysDone: YOUTUBE_ANALYTICS_HISTORY_DAYS, done: true, running: false },
        lastError: null,
        lastFetchedAt: expect.any(String),
      });
      expect(done.queries.today).toBe((await fakeState()).analyticsQueries);
      expect(done.storedTo).toBe(addDays(utcDay(Date.now()), -2));
    });

    it('without the revenue scope: no revenue query, revenue says not granted, the rest imported', async () => {
      await recentVideosOnly();
      await connect(false);
      expect(await status()).toMatchObject({
        revenue: 'not-granted',
        lastError: null,
        firstImport: { done: true },
      });
      const asked = (await google.requests()).filter((r) => r.path.includes('estimatedRevenue'));
      expect(asked).toEqual([]);
      expect(await report(REPORTS.revenue)).toMatchObject({
        available: true,
        revenue: { state: 'not-granted', message: expect.stringMatching(/^Revenue was not granted/) },
      });
      expect(await report(REPORTS.overview)).toMatchObject({ available: true });
    });

    it('reads the revenue of the stored days once Revenue is granted later, 30 days a query, with its progress; a day not read yet is missing, never 0', async () => {
      await recentVideosOnly();
      await connect(false);
      // Connecting again with Revenue ticked; Google's quota runs out at the second chunk of the revenue import.
      const send = ReportSession.prototype.query;
      let revenueQueries = 0;
      jest.spyOn(ReportSession.prototype, 'query').mockImplementation(async function (
        this: ReportSession,
        q,
      ) {
        if (q.metrics.includes('estimatedRevenue') && ++revenueQueries === 3) {
          throw new GoogleApiError(403, 'quotaExceeded', 'Quota exceeded');
        }
        return send.call(this, q);
      });
      await connect(true);
      const stopped = await status();
      expect(stopped).toMatchObject({
        revenue: 'granted',
        revenueImport: { daysDone: 30, done: false, running: false },
        lastError: { kind: 'quota' },
      });
      expect(stopped.revenueImport!.daysTotal).toBeGreaterThan(30);
      const unread = async () =>
        (await t.dataSource.query(
          'SELECT day FROM youtube_channel_day WHERE estimatedRevenue IS NULL ORDER BY day',
        )) as { day: string }[];
      const left = await unread();
      expect(left.length).toBeGreaterThan(0);
      // The newest days have theirs; older ones are missing, never 0, and count in no total.
      const quarter = await report<YoutubeRevenueReport>(REPORTS.revenue, '90d');
      if (!quarter.available || quarter.revenue.state !== 'granted') throw new Error('no revenue');
      const revenueFrom = addDays(left.at(-1)!.day, 1);
      expect(quarter.revenue.revenueFrom).toBe(revenueFrom);
      for (const point of quarter.revenue.series) {
        if (addDays(point.date, 6) < revenueFrom)
          expect(point).toMatchObject({ missing: true, estimatedRevenue: 0 });
        if (point.date >= revenueFrom && !point.missing) expect(point.estimatedRevenue).toBeGreaterThan(0);
      }
      const [known] = await t.dataSource.query(
        'SELECT SUM(estimatedRevenue) AS revenue, SUM(views) AS views FROM youtube_channel_day WHERE day >= ?',
        [revenueFrom],
      );
      expect(quarter.revenue.totals.estimatedRevenue).toBeCloseTo(Number(known.revenue), 2);
      expect(quarter.revenue.totals.rpm).toBeCloseTo((Number(known.revenue) / Number(known.views)) * 1000, 2);
      const month = await report<YoutubeRevenueReport>(REPORTS.revenue, '30d');
      if (!month.available || month.revenue.state !== 'granted') throw new Error('no revenue');
      expect(month.revenue.revenueFrom).toBe(month.from);

      // The next run goes on where it stopped.
      jest.restoreAllMocks();
      await refresh();
      const done = await status();
      expect(done).toMatchObject({ lastError: null, revenueImport: { done: true, running: false } });
      expect(done.revenueImport!.daysDone).toBe(done.revenueImport!.daysTotal);
      expect(done.queries.today).toBe((await fakeState()).analyticsQueries);
      expect(await unread()).toEqual([]);
      // Revenue alone, 30 days a query at most.
      const asked = (await google.requests())
        .map((r) => new URL(r.path, 'http://x').searchParams)
        .filter((q) => q.get('metrics')?.includes('estimatedRevenue'));
      for (const q of asked) {
        expect(q.get('metrics')).not.toContain('views');
        expect(Date.parse(q.get('endDate')!) - Date.parse(q.get('startDate')!)).toBeLessThan(30 * 86_400_000);
      }
      expect(asked.length).toBeLessThan(8);
      const whole = await report<YoutubeRevenueReport>(REPORTS.revenue, '90d');
      const overview = await report<YoutubeOverviewReport>(REPORTS.overview, '90d');
      if (!whole.available || whole.revenue.state !== 'granted' || !overview.available)
        throw new Error('no report');
      expect(whole.revenue.revenueFrom).toBe(whole.from);
      expect(whole.revenue.series.filter((p) => p.missing)).toEqual(
        overview.series.filter((p) => p.missing).map((p) => expect.objectContaining({ date: p.date })),
      );
      // RPM agrees with the Overview's views.
      expect(whole.revenue.totals.rpm).toBeCloseTo(
        (whole.revenue.totals.estimatedRevenue / overview.totals.views) * 1000,
        1,
      );
    });

    it('when YouTube answers 403 insufficientPermissions to revenue: revenue left out, the rest imported', async () => {
      const accounts = t.app.get(GoogleAccountService);
      const access = accounts.access.bind(accounts);
      // The token claims the monetary scope, YouTube still refuses it.
      jest
        .spyOn(accounts, 'access')
        .mockImplementation(async (o) => ({ ...(await access(o)), revenue: true }));
      await recentVideosOnly();
      await connect(false);
      expect(await status()).toMatchObject({
        revenue: 'refused',
        lastError: null,
        firstImport: { done: true },
      });
      expect(await report(REPORTS.revenue)).toMatchObject({ revenue: { state: 'refused' } });
      const revenueDays = await t.dataSource.query(
        'SELECT COUNT(*) AS n FROM youtube_channel_day WHERE estimatedRevenue IS NOT NULL',
      );
      expect(Number(revenueDays[0].n)).toBe(0);
      expect(await count('youtube_video_day')).toBeGreaterThan(0);
    });
  });

  describe('after a whole import', () => {
    // One import for the block: its tests run in order, the ones that change the state last.
    beforeAll(async () => {
      await reset();
      await google.control('POST', 'today', { today: addDays(utcDay(Date.now()), -1) });
      await connect();
    });
    afterEach(() => jest.restoreAllMocks());

    it('answers the four reports from the stored rows', async () => {
      const overview = await report<YoutubeOverviewReport>(REPORTS.overview);
      if (!overview.available) throw new Error('no overview');
      expect(overview).toMatchObject({ range: '30d', bucket: 'day', importing: false });
      expect(overview.series).toHaveLength(30);
      expect(overview.to).toBe(addDays(utcDay(Date.now()), -3));
      expect(overview.totals.views).toBe(overview.series.reduce((sum, p) => sum + p.views, 0));
      expect(overview.totals.watchHours).toBeGreaterThan(0);
      expect(overview.totals.averageViewPercentage).toBeGreaterThan(20);
      const year = await report<YoutubeOverviewReport>(REPORTS.overview, '1y');
      expect(year).toMatchObject({ bucket: 'week' });

      // Beside the site's own plays and watch-page views of the same days.
      const siteOf = async (id: string) => {
        const content = await report<YoutubeContentReport>(REPORTS.content);
        if (!content.available) throw new Error('no content');
        return content.videos.find((v) => v.videoId === id)!;
      };
      const first = await report<YoutubeContentReport>(REPORTS.content);
      if (!first.available) throw new Error('no content');
      const top = first.videos[0];
      const before = await siteOf(top.videoId);
      expect(before).toMatchObject({ title: expect.any(String), views: expect.any(Number) });
      expect(before.views).toBeGreaterThan(0);
      await t.app.get(AnalyticsStoreService).increment(t.dataSource.manager, [
        { kind: 'play_video', dim: top.videoId, day: overview.to, n: 5 },
        { kind: 'page', dim: `/videos/${top.videoId}`, day: overview.to, n: 7 },
      ]);
      expect((await siteOf(top.videoId)).site).toEqual({
        plays: before.site.plays + 5,
        watchPageViews: before.site.watchPageViews + 7,
      });

      const audience = await report<YoutubeAudienceReport>(REPORTS.audience);
      if (!audience.available) throw new Error('no audience');
      expect(audience.countries.map((c) => c.country)).toContain('ZZ');
      const percent = audience.ageGender.reduce((sum, c) => sum + c.viewerPercentage, 0);
      expect(percent).toBeGreaterThan(99);
      expect(percent).toBeLessThan(101);
      expect(audience.devices[0].deviceType).toBe('MOBILE');
      expect(audience.trafficSources.map((s) => s.source)).toContain('EXT_URL');
      expect(audience.fromThisSite).toMatchObject({ host: SITE_HOST, views: expect.any(Number) });
      expect(audience.fromThisSite.views).toBeGreaterThan(0);

      const revenue = await report<YoutubeRevenueReport>(REPORTS.revenue);
      if (!revenue.available || revenue.revenue.state !== 'granted') throw new Error('no revenue');
      expect(revenue.revenue.totals.estimatedRevenue).toBeGreaterThan(0);
      expect(revenue.revenue.totals.rpm).toBeGreaterThan(0);
      expect(revenue.revenue.totals.cpm).toBeGreaterThan(0);
    });

    it('stores a row for exactly the days YouTube has figures for: a day it has none for has no row', async () => {
      const { accessToken } = await t.app.get(GoogleAccountService).access();
      const state = (await t.dataSource.query('SELECT firstFrom, firstTo FROM youtube_import_state'))[0];
      const url = new URL(`${google.info.baseUrl}/youtubeanalytics.googleapis.com/v2/reports`);
      url.search = new URLSearchParams({
        ids: 'channel==MINE',
        startDate: state.firstFrom,
        endDate: state.firstTo,
        dimensions: 'day',
        metrics: 'views',
      }).toString();
      const answer = await fetch(url, { headers: { Authorization: `Bearer ${accessToken}` } });
      const table = (await answer.json()) as { rows: [string, number][] };
      const days = table.rows.map(([day]) => day);
      const stored = (await t.dataSource.query('SELECT day FROM youtube_channel_day ORDER BY day')).map(
        (row: { day: string }) => row.day,
      );
      // The fake leaves out about one day in 37 (no data at all), as YouTube does: those stay without a row.
      expect(stored).toEqual(days);
    });

    it('reads a video’s own figures for a sponsor report, each with when it was read', async () => {
      const video = (await siteVideos()).find(
        (v) => Date.now() - new Date(v.publishedAt).getTime() > 40 * 86_400_000,
      )!;
      const result = await t.app.get(YoutubeAnalyticsReader).videoFigures(video.id);
      if (!result.available) throw new Error(result.message);
      const figures = result.figures;
      expect(figures.viewsAt.day7).toEqual({ value: expect.any(Number), readAt: expect.any(String) });
      expect(figures.viewsAt.day7!.value).toBeLessThanOrEqual(figures.viewsAt.day30?.value ?? Infinity);
      expect(figures.retention.value.length).toBeGreaterThan(50);
      expect(figures.topCountries.value.length).toBeLessThanOrEqual(10);
      const channel = await t.app.get(YoutubeAnalyticsReader).channelFigures();
      expect(channel).toMatchObject({
        available: true,
        figures: { views30d: { readAt: expect.any(String) } },
      });
    });

    it('sends no token in any answer, and keeps none in its tables', async () => {
      const access = await t.app.get(GoogleAccountService).access();
      const stored = await t.app.get(GoogleAccountService).find();
      const answers = [
        await admin.get(apiPaths.youtubeAnalyticsStatus),
        await admin.post(apiPaths.youtubeAnalyticsRefresh),
        ...(await Promise.all(Object.values(REPORTS).map((path) => admin.get(`${path}?range=1y`)))),
      ].map((res) => res.text);
      await scheduler().whenIdle();
      const rows = await Promise.all(TABLES.map((table) => t.dataSource.query(`SELECT * FROM ${table}`)));
      for (const text of [...answers, JSON.stringify(rows)]) {
        expect(text).not.toContain(access.accessToken);
        expect(text).not.toContain(stored!.refreshToken!);
      }
    });

    it('reads the last 3 days again on every fetch: YouTube revises them', async () => {
      // The block's import ran with the fake a day behind: its newest days were still being counted.
      const today = utcDay(Date.now());
      const views = async (day: string) =>
        Number(
          (await t.dataSource.query('SELECT views FROM youtube_channel_day WHERE day = ?', [day]))[0]
            ?.views ?? 0,
        );
      const [lag2, lag3] = [addDays(today, -3), addDays(today, -4)];
      const before = [await views(lag2), await views(lag3)];
      expect((await status()).storedTo).toBe(lag2);
      await google.control('POST', 'today', { today });
      const queries = (await fakeState()).analyticsQueries;
      await refresh();
      const after = [await views(lag2), await views(lag3)];
      expect(after[0]).toBeGreaterThan(before[0]);
      expect(after[1]).toBeGreaterThan(before[1]);
      expect((await status()).storedTo).toBe(addDays(today, -2));
      // The recent days, their videos and the breakdowns of each range: a few dozen queries, not a year's.
      expect((await fakeState()).analyticsQueries - queries).toBeLessThan(30);
    });

    it('keeps the stored figures when Google refuses the grant (invalid_grant), and the card says Reconnect needed', async () => {
      await google.control('POST', 'grants/revoke', {});
      t.app.get(GoogleAccountService).forgetAccess();
      await refresh();
      expect(await status()).toMatchObject({
        connection: 'reconnect-needed',
        message: expect.stringMatching(/^Reconnect needed/),
        lastError: { kind: 'reconnect-needed' },
      });
      expect(await report<YoutubeOverviewReport>(REPORTS.overview)).toMatchObject({ available: true });
    });

    it('deletes every stored figure on disconnect', async () => {
      await admin.delete(apiPaths.googleAccount).expect(200);
      for (const table of TABLES) expect(await count(table)).toBe(0);
      expect(await report(REPORTS.overview)).toMatchObject({ available: false, reason: 'not-connected' });
    });

    it('shows no revenue figure once connected again without Revenue, even when Google could not revoke the grant', async () => {
      await recentVideosOnly();
      const revenueAsked = async () =>
        (await google.requests()).filter((r) => r.path.includes('estimatedRevenue')).length;
      const withoutRevenue = async () => {
        const before = await revenueAsked();
        await connect(false);
        expect(await status()).toMatchObject({
          revenue: 'not-granted',
          revenueImport: null,
          firstImport: { done: true },
        });
        expect(await report(REPORTS.revenue)).toMatchObject({
          available: true,
          revenue: { state: 'not-granted', message: expect.stringMatching(/^Revenue was not granted/) },
        });
        expect(await revenueAsked()).toBe(before);
        const withRevenue = await t.dataSource.query(
          'SELECT COUNT(*) AS n FROM youtube_channel_day WHERE estimatedRevenue IS NOT NULL',
        );
        expect(Number(withRevenue[0].n)).toBe(0);
      };
      // After the Disconnect above (Google revoked the grant).
      await withoutRevenue();
      // Revenue granted, then a Disconnect Google does not hear of: its grant still holds Revenue.
      await connect(true);
      expect(await status()).toMatchObject({ revenue: 'granted' });
      await google.setFault({ type: 'status', status: 503 });
      expect((await admin.delete(apiPaths.googleAccount).expect(200)).body).toMatchObject({ revoked: false });
      await google.setFault(null);
      await withoutRevenue();
    });
  });
});
