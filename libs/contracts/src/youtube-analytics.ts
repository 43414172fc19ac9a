import { z } from 'zod';
import { analyticsQuerySchema, analyticsRanges } from './analytics';
import { googleAccountStates } from './google-account';

/**
 * The channel's own YouTube Analytics (docs/integrations/google-account.md, "What the site imports"): read with
 * reports.query (`ids=channel==MINE`) through the connected Google account, stored by the API as daily rows, and
 * shown in Analytics → YouTube beside "This site". No figure is ever made up: what is not connected, not granted or
 * not imported yet says so in the answer's shape. Routes: `apiPaths.youtubeAnalytics*` (api-paths.ts).
 */

/** How far back the first import reads (days before the last day YouTube has data for). */
export const YOUTUBE_ANALYTICS_HISTORY_DAYS = 365;
/** Every fetch reads these last days again: YouTube revises its most recent figures for a few days. */
export const YOUTUBE_ANALYTICS_REFETCH_DAYS = 3;
/**
 * reports.query calls the site allows itself per day (UTC), first import included; a fetch that would go past it
 * stops and goes on the next run. The Google Cloud project's own quota is on its Quotas page; the API's
 * `YOUTUBE_ANALYTICS_DAILY_QUERIES` changes this figure.
 */
export const YOUTUBE_ANALYTICS_DAILY_QUERIES = 2_000;

/** Query of every report route: the same ranges as the site's own analytics (`?range=7d|30d|90d|1y`). */
export const youtubeAnalyticsQuerySchema = analyticsQuerySchema;
export type YoutubeAnalyticsQuery = z.infer<typeof youtubeAnalyticsQuerySchema>;

const count = z.number().int().nonnegative();
const amount = z.number().nonnegative();
/** An instant, ISO 8601 (`2026-11-24T03:12:00.000Z`). */
const instant = z.string();
/** A UTC day, `YYYY-MM-DD`. */
const day = z.string();

/** What kind of trouble the last fetch met. */
export const youtubeImportErrorKinds = [
  /** The daily query budget or Google's quota is spent: the fetch stopped, stored rows stay, next run goes on. */
  'quota',
  /** Google refused the grant (`invalid_grant`): the Google account card says Reconnect needed. */
  'reconnect-needed',
  /** Google could not be reached or answered an error; the next run tries again. */
  'unreachable',
  /** YouTube refused a query (HTTP 400/403 other than the revenue scope): a bug to report, the rest goes on. */
  'refused',
] as const;
export type YoutubeImportErrorKind = (typeof youtubeImportErrorKinds)[number];

/** Whether revenue can be read: `granted`, the owner did not tick Revenue, or YouTube refused it anyway (403). */
export const youtubeRevenueStates = ['granted', 'not-granted', 'refused'] as const;
export type YoutubeRevenueState = (typeof youtubeRevenueStates)[number];

/** How far an import over a window of days got: days read of the window's. */
const importProgressSchema = z.object({
  daysDone: count,
  daysTotal: count,
  /** False once every day was read (or the connection went away). */
  running: z.boolean(),
  done: z.boolean(),
});

/** `GET /api/admin/youtube-analytics/status`: what the YouTube view and the Google account card show. Never a token. */
export const youtubeAnalyticsStatusSchema = z.object({
  /** The Google account's state: not connected, connected, or Reconnect needed (its `problem` says why). */
  connection: z.enum(googleAccountStates),
  /** Why, in words the dashboard shows as they are (null when connected and well). */
  message: z.string().nullable(),
  /** Revenue: null while not connected. */
  revenue: z.enum(youtubeRevenueStates).nullable(),
  /** The first import (up to YOUTUBE_ANALYTICS_HISTORY_DAYS days back); null before any. */
  firstImport: importProgressSchema.nullable(),
  /**
   * Revenue read over the stored days that were read without it (Revenue granted after the first import, or
   * refused then): revenue alone, newest days first, 30 days a query. Null while no stored day needed it. Until a
   * day's revenue is read the Revenue report counts it missing (`revenueFrom`).
   */
  revenueImport: importProgressSchema.nullable(),
  /** A fetch (first import, nightly or on demand) is running now. */
  running: z.boolean(),
  /** When the last fetch ended having read something; null before any. */
  lastFetchedAt: instant.nullable(),
  /** First and last day stored (UTC); null while nothing is. */
  storedFrom: day.nullable(),
  storedTo: day.nullable(),
  /** When the next nightly fetch runs (null while not connected). */
  nextFetchAt: instant.nullable(),
  queries: z.object({
    /** reports.query calls made today (UTC), errors included: Google counts them too. */
    today: count,
    /** The site's own daily budget (YOUTUBE_ANALYTICS_DAILY_QUERIES unless the environment changes it). */
    dailyLimit: count,
  }),
  /** The last fetch's trouble, if its run ended with one (cleared by a run that ends well). */
  lastError: z.object({ kind: z.enum(youtubeImportErrorKinds), message: z.string(), at: instant }).nullable(),
});
export type YoutubeAnalyticsStatus = z.infer<typeof youtubeAnalyticsStatusSchema>;

/** `POST /api/admin/youtube-analytics/refresh` (202): whether a fetch started or one was already running. */
export const youtubeAnalyticsRefreshSchema = z.object({
  started: z.boolean(),
  status: youtubeAnalyticsStatusSchema,
});
export type YoutubeAnalyticsRefresh = z.infer<typeof youtubeAnalyticsRefreshSchema>;

/** Why a report has no figures. */
export const youtubeUnavailableReasons = [
  'not-connected',
  /** The grant is gone and nothing was stored before. */
  'reconnect-needed',
  /** Connected, but the first import has not stored a day of the range yet. */
  'importing',
] as const;
export type YoutubeUnavailableReason = (typeof youtubeUnavailableReasons)[number];

/** A report without figures: the dashboard shows `message`, never a sample. */
export const youtubeUnavailableSchema = z.object({
  available: z.literal(false),
  range: z.enum(analyticsRanges),
  reason: z.enum(youtubeUnavailableReasons),
  message: z.string(),
});

/** What every report with figures says about them. */
const reportFrame = {
  available: z.literal(true),
  range: z.enum(analyticsRanges),
  /** First and last day of the range (UTC), both included; the last is the newest day YouTube had data for. */
  from: day,
  to: day,
  /** What one point of a series stands for: a day (7d, 30d) or a week starting Monday (90d, 1y). */
  bucket: z.enum(['day', 'week']),
  /** When the newest figure of the report was read from YouTube. */
  fetchedAt: instant,
  /** The first import is still reading older days: the range may not be complete yet. */
  importing: z.boolean(),
};

/** The Overview's figures, summed over a bucket or the range. */
export const youtubeOverviewFiguresSchema = z.object({
  views: count,
  /** estimatedMinutesWatched / 60, to one decimal. */
  watchHours: amount,
  /** Seconds, views-weighted over the days. */
  averageViewDuration: amount,
  /** Per cent of a video a view watched, views-weighted over the days. */
  averageViewPercentage: amount,
  subscribersGained: count,
  subscribersLost: count,
  likes: count,
  comments: count,
  shares: count,
});
export type YoutubeOverviewFigures = z.infer<typeof youtubeOverviewFiguresSchema>;

/** `GET /api/admin/youtube-analytics/overview?range=`. */
export const youtubeOverviewReportSchema = z.discriminatedUnion('available', [
  youtubeUnavailableSchema,
  z.object({
    ...reportFrame,
    totals: youtubeOverviewFiguresSchema,
    /** Every bucket of the range, oldest first; a day YouTube has no row for counts zero and `missing` says so. */
    series: z.array(youtubeOverviewFiguresSchema.extend({ date: day, missing: z.boolean() })),
  }),
]);
export type YoutubeOverviewReport = z.infer<typeof youtubeOverviewReportSchema>;

/** One video of the Content report: YouTube's figures beside the site's own. */
export const youtubeContentVideoSchema = z.object({
  videoId: z.string(),
  /** Null for a video the site does not store (YouTube still counts it). */
  title: z.string().nullable(),
  views: count,
  watchHours: amount,
  /** Views-weighted over the days of the range. */
  averageViewPercentage: amount,
  /** The site's analytics over the same range: plays in the site's player, and visits of the video's watch page. */
  site: z.object({ plays: count, watchPageViews: count }),
});
export type YoutubeContentVideo = z.infer<typeof youtubeContentVideoSchema>;

/** `GET /api/admin/youtube-analytics/content?range=`. */
export const youtubeContentReportSchema = z.discriminatedUnion('available', [
  youtubeUnavailableSchema,
  z.object({
    ...reportFrame,
    /** Most YouTube views first, at most YOUTUBE_CONTENT_MAX_VIDEOS. */
    videos: z.array(youtubeContentVideoSchema),
  }),
]);
export type YoutubeContentReport = z.infer<typeof youtubeContentReportSchema>;
/** Videos the Content report lists. */
export const YOUTUBE_CONTENT_MAX_VIDEOS = 50;

const shareSchema = z.object({ views: count, watchHours: amount });

/** `GET /api/admin/youtube-analytics/audience?range=`. */
export const youtubeAudienceReportSchema = z.discriminatedUnion('available', [
  youtubeUnavailableSchema,
  z.object({
    ...reportFrame,
    /** Most views first; `ZZ` is YouTube's "unknown region". */
    countries: z.array(shareSchema.extend({ country: z.string() })),
    /** viewerPercentage of each age group × gender YouTube reports (signed-in viewers only); sums to about 100. */
    ageGender: z.array(z.object({ ageGroup: z.string(), gender: z.string(), viewerPercentage: amount })),
    /** `MOBILE`, `DESKTOP`, `TV`, `TABLET`, `GAME_CONSOLE`, `UNKNOWN_PLATFORM`: most views first. */
    devices: z.array(shareSchema.extend({ deviceType: z.string() })),
    /** insightTrafficSourceType (`YT_SEARCH`, `EXT_URL`, …): most views first. */
    trafficSources: z.array(shareSchema.extend({ source: z.string() })),
    /**
     * YouTube views that came from this site: EXT_URL traffic whose insightTrafficSourceDetail is the site's host
     * (or `www.` of it). `host` is null when the site has no public address set.
     */
    fromThisSite: shareSchema.extend({ host: z.string().nullable() }),
    /** When the countries, age/gender and external sites were read (YouTube reports them per range, not per day). */
    breakdownFetchedAt: instant.nullable(),
  }),
]);
export type YoutubeAudienceReport = z.infer<typeof youtubeAudienceReportSchema>;

/** Revenue figures in USD. */
export const youtubeRevenueFiguresSchema = z.object({
  estimatedRevenue: amount,
  estimatedAdRevenue: amount,
  /** playbackBasedCpm, weighted by monetized playbacks. */
  cpm: amount,
  /** Revenue per 1,000 views: estimatedRevenue / views × 1000 (0 with no views). */
  rpm: amount,
});
export type YoutubeRevenueFigures = z.infer<typeof youtubeRevenueFiguresSchema>;

/**
 * `GET /api/admin/youtube-analytics/revenue?range=`: figures only when the revenue scope is granted, and only of the
 * days whose revenue was read. A day read before Revenue was granted has none until the revenue import
 * (status `revenueImport`) reads it: it is never counted as 0.
 */
export const youtubeRevenueReportSchema = z.discriminatedUnion('available', [
  youtubeUnavailableSchema,
  z.object({
    ...reportFrame,
    revenue: z.discriminatedUnion('state', [
      /** The owner did not tick Revenue, or YouTube refused it: no figure, `message` says how to get them. */
      z.object({ state: z.enum(['not-granted', 'refused']), message: z.string() }),
      z.object({
        state: z.literal('granted'),
        currency: z.literal('USD'),
        /**
         * The first day of the range from which revenue is known: every stored day from it to `to` has its revenue
         * read. The range's `from` when all of it is known; null while its newest day is not.
         */
        revenueFrom: day.nullable(),
        /** Over the days from `revenueFrom` on (nothing before it is counted, RPM's views included). */
        totals: youtubeRevenueFiguresSchema,
        /**
         * Every bucket of the range, oldest first, with the figures of its days from `revenueFrom` on. `missing`: a
         * bucket without a day, or with a day whose revenue is not known (before `revenueFrom`): not a 0 to draw.
         */
        series: z.array(youtubeRevenueFiguresSchema.extend({ date: day, missing: z.boolean() })),
      }),
    ]),
  }),
]);
export type YoutubeRevenueReport = z.infer<typeof youtubeRevenueReportSchema>;

/*
 * What the sponsor reports and the media kit read (the API's YoutubeAnalyticsReader): one video's or the channel's
 * figures, each with the instant it was read from YouTube. Null where YouTube has nothing (yet): a video not 30 days
 * old has no day-30 figure.
 */

/** A figure and when it was read from YouTube Analytics. */
export const youtubeFigure = <T extends z.ZodType>(value: T) => z.object({ value, readAt: instant });

const countryViews = z.array(z.object({ country: z.string(), views: count }));

/** One video's figures since it was published (sponsor reports). */
export const youtubeVideoFiguresSchema = z.object({
  videoId: z.string(),
  /** The day YouTube counts from (the video's publish day, UTC). */
  publishedOn: day,
  /** Views on each day since publishing, oldest first; `age` is days after the publish day (0: that day). */
  daily: z.array(z.object({ day, age: count, views: count, readAt: instant })),
  /** Views from the publish day to `age` days after it, both included; null until YouTube has that day. */
  viewsAt: z.object({
    day7: youtubeFigure(count).nullable(),
    day14: youtubeFigure(count).nullable(),
    day30: youtubeFigure(count).nullable(),
  }),
  /** Since publishing. */
  views: youtubeFigure(count),
  watchHours: youtubeFigure(amount),
  averageViewPercentage: youtubeFigure(amount),
  averageViewDuration: youtubeFigure(amount),
  /** audienceWatchRatio by elapsedVideoTimeRatio (0.01 … 1), lifetime; empty when YouTube has too few views. */
  retention: youtubeFigure(z.array(z.object({ elapsed: amount, watchRatio: amount }))),
  /** Most views first (at most 10), lifetime. */
  topCountries: youtubeFigure(countryViews),
  /**
   * When the video's own figures (retention, countries) were read; null while they never were (the reader reads
   * them in the background after a report's first view): an empty list then means "not read yet", not "too few views".
   */
  ownFiguresReadAt: instant.nullable(),
});
export type YoutubeVideoFigures = z.infer<typeof youtubeVideoFiguresSchema>;

/** The channel's figures over the last 30 days YouTube has data for (media kit). */
export const youtubeChannelFiguresSchema = z.object({
  from: day,
  to: day,
  views30d: youtubeFigure(count),
  /** Subscribers gained minus lost over the 30 days (the total comes from the public channel statistics). */
  netSubscribers30d: youtubeFigure(z.number().int()),
  watchHours30d: youtubeFigure(amount),
  /** Most views first (at most 10). */
  topCountries: youtubeFigure(countryViews),
  ageGender: youtubeFigure(
    z.array(z.object({ ageGroup: z.string(), gender: z.string(), viewerPercentage: amount })),
  ),
  /** Likes, comments and shares over the 30 days, and (likes + comments + shares) / views in per cent. */
  engagement: youtubeFigure(z.object({ likes: count, comments: count, shares: count, ratePercent: amount })),
});
export type YoutubeChannelFigures = z.infer<typeof youtubeChannelFiguresSchema>;

/** What a reader answers: the figures, or why there are none (same reasons as a report). */
export type YoutubeFiguresResult<T> =
  | { available: true; figures: T }
  | { available: false; reason: YoutubeUnavailableReason | 'unknown-video'; message: string };
