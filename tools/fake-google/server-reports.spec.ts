import { GOOGLE_SCOPES } from '@app/contracts/google-account';
import { dayNumber, isoDay } from './analytics-data';
import { type Answer, BASE_SCOPES, TODAY, useFakeGoogle } from './test-client';

/** The fake YouTube Analytics API: reports.query as YouTube answers it. */
describe('fake Google', () => {
  const google = useFakeGoogle();
  const { control, connected, api } = google;

  describe('reports.query', () => {
    const report = (accessToken: string, query: Record<string, string>) =>
      api(
        `/youtubeanalytics.googleapis.com/v2/reports?${new URLSearchParams({ ids: 'channel==MINE', ...query })}`,
        accessToken,
      );
    const lastDays = (n: number) => ({
      startDate: isoDay(dayNumber(TODAY) - n),
      endDate: TODAY,
    });

    it("answers a day report in YouTube's shape, the same on every call", async () => {
      const { access_token } = await connected({ scopes: [...BASE_SCOPES, GOOGLE_SCOPES.revenue] });
      const query = {
        ...lastDays(60),
        metrics: 'views,averageViewPercentage,estimatedRevenue',
        dimensions: 'day',
      };
      const first = await report(access_token, query);
      expect(first.body.kind).toBe('youtubeAnalytics#resultTable');
      expect(first.body.columnHeaders).toEqual([
        { name: 'day', columnType: 'DIMENSION', dataType: 'STRING' },
        { name: 'views', columnType: 'METRIC', dataType: 'INTEGER' },
        { name: 'averageViewPercentage', columnType: 'METRIC', dataType: 'FLOAT' },
        { name: 'estimatedRevenue', columnType: 'METRIC', dataType: 'CURRENCY' },
      ]);
      expect(first.body.rows[0]).toEqual([
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        expect.any(Number),
        expect.any(Number),
        expect.any(Number),
      ]);
      expect((await report(access_token, query)).body).toEqual(first.body);
      // Yesterday and today have no data yet, and some older days none at all: fewer rows than days.
      const days = first.body.rows.map((row: Answer[]) => row[0]);
      expect(days).not.toContain(TODAY);
      expect(days).not.toContain(isoDay(dayNumber(TODAY) - 1));
      expect(days.length).toBeLessThan(59);
    });

    it('revises the recent days: the same day reads higher a few days later', async () => {
      const { access_token } = await connected();
      const day = isoDay(dayNumber(TODAY) - 2);
      const views = async () =>
        (await report(access_token, { startDate: day, endDate: day, metrics: 'views' })).body
          .rows?.[0]?.[0] ?? 0;
      const early = await views();
      await control('today', { today: isoDay(dayNumber(TODAY) + 5) });
      expect(await views()).toBeGreaterThan(early);
    });

    it("gives a small channel its subscribers, comments and shares: a channel's row is not a sum of its videos' rounded rows", async () => {
      // Four videos a year old: about 100 views a day in all, 25 a video.
      const old = (i: number) => ({
        id: `oldvideo${i}xx`,
        publishedAt: `${isoDay(dayNumber(TODAY) - 365 - i)}T12:00:00Z`,
      });
      await control('owner', { videos: [0, 1, 2, 3].map(old) });
      const { access_token } = await connected();
      const metrics = 'views,subscribersGained,subscribersLost,comments,shares';
      const month = { ...lastDays(32), metrics };
      const days = (await report(access_token, { ...month, dimensions: 'day' })).body.rows as number[][];
      const sum = (rows: number[][], column: number) => rows.reduce((total, row) => total + row[column], 0);
      const views = sum(days, 1);
      expect(views).toBeGreaterThan(2000);
      expect(views).toBeLessThan(6000);
      // Rates of about 0.4 %, 0.3 % and 0.2 % of the views over the month, though about 0.1 a video a day.
      expect(sum(days, 2)).toBeGreaterThan(views * 0.002);
      expect(sum(days, 2)).toBeLessThan(views * 0.006);
      expect(sum(days, 3)).toBeLessThanOrEqual(sum(days, 2));
      expect(sum(days, 4)).toBeGreaterThan(views * 0.0015);
      expect(sum(days, 5)).toBeGreaterThan(views * 0.001);
      // The month's own row is rounded once too: about the sum of its days.
      const [total] = (await report(access_token, month)).body.rows as number[][];
      expect(total[0]).toBe(views);
      expect(Math.abs(total[1] - sum(days, 2))).toBeLessThanOrEqual(3);
      // A video's day is small, mostly 0; the four of them do not make the channel's day.
      const day = isoDay(dayNumber(TODAY) - 10);
      const videos = (
        await report(access_token, {
          startDate: day,
          endDate: day,
          metrics,
          dimensions: 'video',
          sort: '-views',
          maxResults: '10',
        })
      ).body.rows as (string | number)[][];
      expect(videos).toHaveLength(4);
      for (const row of videos) expect(row[2]).toBeLessThanOrEqual(1);
      // Every figure is fixed by the seed.
      expect((await report(access_token, { ...month, dimensions: 'day' })).body.rows).toEqual(days);
    });

    it('counts unknown countries as ZZ and answers no rows at all for a range without data', async () => {
      const { access_token } = await connected();
      const countries = await report(access_token, {
        ...lastDays(30),
        metrics: 'views',
        dimensions: 'country',
        sort: '-views',
      });
      expect(countries.body.rows.map((row: Answer[]) => row[0])).toContain('ZZ');
      const empty = await report(access_token, { startDate: TODAY, endDate: TODAY, metrics: 'views' });
      expect(empty.body).toEqual({
        kind: 'youtubeAnalytics#resultTable',
        columnHeaders: [{ name: 'views', columnType: 'METRIC', dataType: 'INTEGER' }],
      });
    });

    it('refuses revenue without the monetary scope (403 insufficientPermissions) and reads 0 outside the partner programme', async () => {
      const plain = await connected();
      const refused = await report(plain.access_token, {
        ...lastDays(10),
        metrics: 'views,estimatedRevenue',
      });
      expect([refused.status, refused.body.error.errors[0].reason]).toEqual([403, 'insufficientPermissions']);
      await control('owner', { partner: false });
      const granted = await connected({ scopes: [GOOGLE_SCOPES.revenue], includeGranted: true });
      const zero = await report(granted.access_token, {
        ...lastDays(10),
        metrics: 'views,estimatedRevenue,cpm',
      });
      expect(zero.body.rows[0]).toEqual([expect.any(Number), 0, 0]);
      expect(zero.body.rows[0][0]).toBeGreaterThan(0);
    });

    it('answers 400 for what YouTube does not offer, and unknown names', async () => {
      const { access_token } = await connected();
      const unsupported = await report(access_token, {
        ...lastDays(10),
        metrics: 'views',
        dimensions: 'video,day',
      });
      expect([unsupported.status, unsupported.body.error.message]).toEqual([
        400,
        expect.stringMatching(/^The query is not supported/),
      ]);
      const noSort = await report(access_token, { ...lastDays(10), metrics: 'views', dimensions: 'video' });
      expect(noSort.status).toBe(400);
      const top = await report(access_token, {
        ...lastDays(10),
        metrics: 'views',
        dimensions: 'video',
        sort: '-views',
        maxResults: '5',
      });
      expect(top.body.rows).toHaveLength(5);
      const unknown = await report(access_token, { ...lastDays(10), metrics: 'viewz' });
      expect(unknown.body.error.message).toBe(
        'Unknown identifier (viewz) given in field parameters.metrics.',
      );
      const missing = await report(access_token, { metrics: 'views' });
      expect([missing.status, missing.body.error.errors[0].reason]).toEqual([400, 'required']);
    });

    it('answers the retention curve, the audience and the sites that link to the channel', async () => {
      const { access_token } = await connected();
      const video = google.fake.owner().videos[0].id;
      const curve = await report(access_token, {
        ...lastDays(365),
        metrics: 'audienceWatchRatio,relativeRetentionPerformance',
        dimensions: 'elapsedVideoTimeRatio',
        filters: `video==${video}`,
      });
      expect(curve.body.rows).toHaveLength(100);
      expect(curve.body.rows[0][0]).toBe(0.01);
      const audience = await report(access_token, {
        ...lastDays(30),
        metrics: 'viewerPercentage',
        dimensions: 'ageGroup,gender',
      });
      const total = audience.body.rows.reduce((sum: number, row: Answer[]) => sum + row[2], 0);
      expect(total).toBeCloseTo(100, 0);
      const sites = await report(access_token, {
        ...lastDays(30),
        metrics: 'views',
        dimensions: 'insightTrafficSourceDetail',
        filters: 'insightTrafficSourceType==EXT_URL',
        sort: '-views',
        maxResults: '10',
      });
      expect(sites.body.rows.map((row: Answer[]) => row[0])).toContain('localhost');
    });

    it('answers 403 quotaExceeded once the quota is spent', async () => {
      const { access_token } = await connected();
      await control('quota', { analyticsQueries: 1 });
      expect((await report(access_token, { ...lastDays(5), metrics: 'views' })).status).toBe(200);
      const spent = await report(access_token, { ...lastDays(5), metrics: 'views' });
      expect([spent.status, spent.body.error.errors[0].reason]).toEqual([403, 'quotaExceeded']);
      const state: Answer = await google.state();
      expect(state.analyticsQueries).toBe(2);
    });
  });
});
