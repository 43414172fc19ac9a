/**
 * Which queries the fake YouTube Analytics answers: a small copy of the channel reports YouTube offers
 * (https://developers.google.com/youtube/analytics/channel_reports), with the metrics' and dimensions' data types
 * (https://developers.google.com/youtube/analytics/metrics, https://developers.google.com/youtube/analytics/dimensions).
 * Any other combination is YouTube's 400 "The query is not supported".
 */

export type DataType = 'STRING' | 'INTEGER' | 'FLOAT' | 'CURRENCY';

const CORE = {
  views: 'INTEGER',
  estimatedMinutesWatched: 'INTEGER',
  averageViewDuration: 'INTEGER',
  averageViewPercentage: 'FLOAT',
  subscribersGained: 'INTEGER',
  subscribersLost: 'INTEGER',
  likes: 'INTEGER',
  dislikes: 'INTEGER',
  comments: 'INTEGER',
  shares: 'INTEGER',
} as const satisfies Record<string, DataType>;

/** Need the `yt-analytics-monetary.readonly` scope: without it YouTube answers 403 insufficientPermissions. */
export const REVENUE_METRICS = {
  estimatedRevenue: 'CURRENCY',
  estimatedAdRevenue: 'CURRENCY',
  grossRevenue: 'CURRENCY',
  cpm: 'CURRENCY',
  playbackBasedCpm: 'CURRENCY',
  monetizedPlaybacks: 'INTEGER',
} as const satisfies Record<string, DataType>;

export const METRICS: Record<string, DataType> = {
  ...CORE,
  ...REVENUE_METRICS,
  viewerPercentage: 'FLOAT',
  audienceWatchRatio: 'FLOAT',
  relativeRetentionPerformance: 'FLOAT',
};

export const DIMENSIONS: Record<string, DataType> = {
  day: 'STRING',
  month: 'STRING',
  country: 'STRING',
  video: 'STRING',
  ageGroup: 'STRING',
  gender: 'STRING',
  deviceType: 'STRING',
  insightTrafficSourceType: 'STRING',
  insightTrafficSourceDetail: 'STRING',
  elapsedVideoTimeRatio: 'FLOAT',
};

/** The kind of numbers a report is made of. */
export type ReportKind = 'counts' | 'audience' | 'retention';

export interface ReportDefinition {
  dimensions: string[];
  metrics: string[];
  /** Filters it takes; `required` ones it cannot do without. */
  filters: string[];
  required?: string[];
  /** A top-N report: `sort` by a descending metric and at most this many `maxResults`. */
  top?: number;
  kind: ReportKind;
}

const counts = [...Object.keys(CORE), ...Object.keys(REVENUE_METRICS)];
const reach = ['views', 'estimatedMinutesWatched'];
const everyFilter = ['video', 'country'];

export const REPORTS: ReportDefinition[] = [
  { dimensions: [], metrics: counts, filters: everyFilter, kind: 'counts' },
  { dimensions: ['day'], metrics: counts, filters: everyFilter, kind: 'counts' },
  { dimensions: ['month'], metrics: counts, filters: everyFilter, kind: 'counts' },
  { dimensions: ['country'], metrics: counts, filters: ['video'], kind: 'counts' },
  { dimensions: ['video'], metrics: counts, filters: ['country'], top: 200, kind: 'counts' },
  { dimensions: ['deviceType'], metrics: reach, filters: everyFilter, kind: 'counts' },
  { dimensions: ['deviceType', 'day'], metrics: reach, filters: everyFilter, kind: 'counts' },
  { dimensions: ['insightTrafficSourceType'], metrics: reach, filters: everyFilter, kind: 'counts' },
  { dimensions: ['insightTrafficSourceType', 'day'], metrics: reach, filters: everyFilter, kind: 'counts' },
  {
    dimensions: ['insightTrafficSourceDetail'],
    metrics: reach,
    filters: ['video', 'country', 'insightTrafficSourceType'],
    required: ['insightTrafficSourceType'],
    top: 25,
    kind: 'counts',
  },
  { dimensions: ['ageGroup'], metrics: ['viewerPercentage'], filters: everyFilter, kind: 'audience' },
  { dimensions: ['gender'], metrics: ['viewerPercentage'], filters: everyFilter, kind: 'audience' },
  {
    dimensions: ['ageGroup', 'gender'],
    metrics: ['viewerPercentage'],
    filters: everyFilter,
    kind: 'audience',
  },
  {
    dimensions: ['elapsedVideoTimeRatio'],
    metrics: ['audienceWatchRatio', 'relativeRetentionPerformance'],
    filters: ['video'],
    required: ['video'],
    kind: 'retention',
  },
];

export interface ReportRequest {
  startDate: string;
  endDate: string;
  dimensions: string[];
  metrics: string[];
  filters: Map<string, string[]>;
  sort: { name: string; descending: boolean }[];
  maxResults?: number;
}

/** The report that answers the request, or undefined (YouTube's "The query is not supported"). */
export function findReport(request: ReportRequest): ReportDefinition | undefined {
  const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
  return REPORTS.find((report) => {
    if (!sameSet(report.dimensions, request.dimensions)) return false;
    if (!request.metrics.every((m) => report.metrics.includes(m))) return false;
    const filters = [...request.filters.keys()];
    if (!filters.every((f) => report.filters.includes(f))) return false;
    if (!(report.required ?? []).every((f) => request.filters.has(f))) return false;
    if (report.kind === 'retention' && request.filters.get('video')?.length !== 1) return false;
    const columns = [...request.dimensions, ...request.metrics];
    if (!request.sort.every((s) => columns.includes(s.name))) return false;
    if (report.top !== undefined) {
      const bySortedMetric = request.sort.length > 0 && request.sort.every((s) => s.descending);
      if (!bySortedMetric || request.maxResults === undefined || request.maxResults > report.top)
        return false;
    }
    return true;
  });
}
