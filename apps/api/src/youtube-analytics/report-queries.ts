import type { DayRange } from './import-plan';
import type { ReportQuery } from './reports-query';

/**
 * The reports.query requests the import makes, each a report YouTube offers to channels
 * (https://developers.google.com/youtube/analytics/channel_reports; the metrics and dimensions:
 * https://developers.google.com/youtube/analytics/metrics, https://developers.google.com/youtube/analytics/dimensions).
 */

/** The Overview's metrics, per day (the time-based report). */
export const CHANNEL_METRICS = [
  'views',
  'estimatedMinutesWatched',
  'averageViewDuration',
  'averageViewPercentage',
  'subscribersGained',
  'subscribersLost',
  'likes',
  'comments',
  'shares',
] as const;

/** Revenue per day: asked apart, as they need the monetary scope (403 insufficientPermissions without it). */
export const REVENUE_METRICS = [
  'estimatedRevenue',
  'estimatedAdRevenue',
  'playbackBasedCpm',
  'monetizedPlaybacks',
] as const;

export const VIDEO_METRICS = [
  'views',
  'estimatedMinutesWatched',
  'averageViewPercentage',
  'averageViewDuration',
] as const;

const REACH = ['views', 'estimatedMinutesWatched'] as const;

/** The top-videos report allows at most this many rows a request (`maxResults`), sorted by a metric. */
export const TOP_VIDEOS_PAGE = 200;
/** The top external sites of EXT_URL traffic: YouTube allows at most 25. */
export const TOP_EXTERNAL_SITES = 25;
/** A video's top countries kept. */
export const TOP_VIDEO_COUNTRIES = 10;

const span = (range: DayRange) => ({ startDate: range.from, endDate: range.to });

export const channelDays = (range: DayRange): ReportQuery => ({
  ...span(range),
  dimensions: ['day'],
  metrics: CHANNEL_METRICS,
  sort: 'day',
});

export const revenueDays = (range: DayRange): ReportQuery => ({
  ...span(range),
  dimensions: ['day'],
  metrics: REVENUE_METRICS,
  sort: 'day',
});

/** deviceType or insightTrafficSourceType per day. */
export const splitDays = (
  dimension: 'deviceType' | 'insightTrafficSourceType',
  range: DayRange,
): ReportQuery => ({
  ...span(range),
  dimensions: [dimension, 'day'],
  metrics: REACH,
});

/** One day's videos, most viewed first, a page of TOP_VIDEOS_PAGE at a time (`startIndex` from 1). */
export const topVideosOfDay = (day: string, startIndex: number): ReportQuery => ({
  startDate: day,
  endDate: day,
  dimensions: ['video'],
  metrics: VIDEO_METRICS,
  sort: '-views',
  maxResults: TOP_VIDEOS_PAGE,
  ...(startIndex > 1 ? { startIndex } : {}),
});

/** One video's days (`filters=video==…`): its views since it was published, exactly. */
export const videoDays = (videoId: string, range: DayRange): ReportQuery => ({
  ...span(range),
  dimensions: ['day'],
  metrics: VIDEO_METRICS,
  filters: `video==${videoId}`,
  sort: 'day',
});

/** Views per country over a range (the geographic report), of the channel or of one video. */
export const countries = (range: DayRange, videoId?: string, maxResults?: number): ReportQuery => ({
  ...span(range),
  dimensions: ['country'],
  metrics: REACH,
  sort: '-views',
  ...(videoId ? { filters: `video==${videoId}` } : {}),
  ...(maxResults ? { maxResults } : {}),
});

/** viewerPercentage per age group and gender (the demographic report; signed-in viewers only). */
export const ageGender = (range: DayRange): ReportQuery => ({
  ...span(range),
  dimensions: ['ageGroup', 'gender'],
  metrics: ['viewerPercentage'],
});

/** The sites of EXT_URL traffic: insightTrafficSourceDetail needs the type filter, a sort and maxResults ≤ 25. */
export const externalSites = (range: DayRange): ReportQuery => ({
  ...span(range),
  dimensions: ['insightTrafficSourceDetail'],
  metrics: REACH,
  filters: 'insightTrafficSourceType==EXT_URL',
  sort: '-views',
  maxResults: TOP_EXTERNAL_SITES,
});

/** A video's audience retention: the video filter must name exactly one video. */
export const retention = (videoId: string, range: DayRange): ReportQuery => ({
  ...span(range),
  dimensions: ['elapsedVideoTimeRatio'],
  metrics: ['audienceWatchRatio'],
  filters: `video==${videoId}`,
});
