import {
  type YoutubeAnalyticsStatus,
  youtubeAnalyticsStatusSchema,
  type YoutubeAudienceReport,
  youtubeAudienceReportSchema,
  type YoutubeContentReport,
  youtubeContentReportSchema,
  type YoutubeOverviewReport,
  youtubeOverviewReportSchema,
  type YoutubeRevenueReport,
  youtubeRevenueReportSchema,
} from '@app/contracts';

/**
 * The YouTube Analytics API's answers for web specs, parsed with the contract so they cannot drift from it. Each
 * builder starts from a connected channel with figures; `patch` changes what a spec is about.
 */

export const READ_AT = '2026-03-30T04:05:00.000Z';

export const youtubeStatus = (patch: Partial<YoutubeAnalyticsStatus> = {}): YoutubeAnalyticsStatus =>
  youtubeAnalyticsStatusSchema.parse({
    connection: 'connected',
    message: null,
    revenue: 'granted',
    firstImport: { daysDone: 365, daysTotal: 365, running: false, done: true },
    revenueImport: null,
    running: false,
    lastFetchedAt: READ_AT,
    storedFrom: '2025-03-28',
    storedTo: '2026-03-27',
    nextFetchAt: '2026-03-31T03:00:00.000Z',
    queries: { today: 14, dailyLimit: 2000 },
    lastError: null,
    ...patch,
  });

/** The frame of a report with figures: the 30 days to 2026-03-27, per day. */
const frame = {
  available: true,
  range: '30d',
  from: '2026-02-26',
  to: '2026-03-27',
  bucket: 'day',
  fetchedAt: READ_AT,
  importing: false,
} as const;

/** Why a report has no figures. */
export const unavailable = (reason: 'not-connected' | 'reconnect-needed' | 'importing', message: string) =>
  ({ available: false, range: '30d', reason, message }) as const;

const day = (date: string, views: number, missing = false) => ({
  date,
  missing,
  views,
  watchHours: views / 10,
  averageViewDuration: 245,
  averageViewPercentage: 42.5,
  subscribersGained: Math.round(views / 100),
  subscribersLost: Math.round(views / 1000),
  likes: Math.round(views / 20),
  comments: Math.round(views / 200),
  shares: Math.round(views / 400),
});

export const overviewReport = (patch: object = {}): YoutubeOverviewReport =>
  youtubeOverviewReportSchema.parse({
    ...frame,
    totals: {
      views: 12_345,
      watchHours: 1234.5,
      averageViewDuration: 245,
      averageViewPercentage: 42.5,
      subscribersGained: 130,
      subscribersLost: 10,
      likes: 600,
      comments: 61,
      shares: 30,
    },
    series: [day('2026-03-25', 6000), day('2026-03-26', 0, true), day('2026-03-27', 6345)],
    ...patch,
  });

export const contentReport = (patch: object = {}): YoutubeContentReport =>
  youtubeContentReportSchema.parse({
    ...frame,
    videos: [
      {
        videoId: 'abc',
        title: 'Docker for Web Developers',
        views: 9000,
        watchHours: 800.25,
        averageViewPercentage: 51.2,
        site: { plays: 40, watchPageViews: 120 },
      },
      {
        videoId: 'gone',
        title: null,
        views: 3345,
        watchHours: 434.25,
        averageViewPercentage: 20,
        site: { plays: 0, watchPageViews: 0 },
      },
    ],
    ...patch,
  });

export const audienceReport = (patch: object = {}): YoutubeAudienceReport =>
  youtubeAudienceReportSchema.parse({
    ...frame,
    countries: [
      { country: 'US', views: 6000, watchHours: 600 },
      { country: 'ZZ', views: 345, watchHours: 34.5 },
    ],
    ageGender: [
      { ageGroup: 'age18-24', gender: 'male', viewerPercentage: 60 },
      { ageGroup: 'age18-24', gender: 'female', viewerPercentage: 15 },
      { ageGroup: 'age65-', gender: 'male', viewerPercentage: 25 },
    ],
    devices: [
      { deviceType: 'MOBILE', views: 8000, watchHours: 700 },
      { deviceType: 'DESKTOP', views: 4345, watchHours: 534.5 },
    ],
    trafficSources: [
      { source: 'YT_SEARCH', views: 9000, watchHours: 900 },
      { source: 'EXT_URL', views: 3345, watchHours: 334.5 },
    ],
    fromThisSite: { host: 'example.com', views: 1234, watchHours: 98.7 },
    breakdownFetchedAt: READ_AT,
    ...patch,
  });

/** Revenue granted with figures, or `revenue` (not granted, refused) instead. */
export const revenueReport = (revenue?: object): YoutubeRevenueReport =>
  youtubeRevenueReportSchema.parse({
    ...frame,
    revenue: revenue ?? {
      state: 'granted',
      currency: 'USD',
      revenueFrom: '2026-02-26',
      totals: { estimatedRevenue: 123.45, estimatedAdRevenue: 100.5, cpm: 4.2, rpm: 10 },
      series: [
        {
          date: '2026-03-26',
          missing: false,
          estimatedRevenue: 60,
          estimatedAdRevenue: 50,
          cpm: 4,
          rpm: 9.5,
        },
        {
          date: '2026-03-27',
          missing: false,
          estimatedRevenue: 63.45,
          estimatedAdRevenue: 50.5,
          cpm: 4.4,
          rpm: 10.5,
        },
      ],
    },
  });
