/**
 * `GET https://youtubeanalytics.googleapis.com/v2/reports`, the YouTube Analytics API's reports.query
 * (https://developers.google.com/youtube/analytics/reference/reports/query), answered in its real shape:
 * `{kind: "youtubeAnalytics#resultTable", columnHeaders: [{name, columnType, dataType}], rows: [[…]]}`, with no
 * `rows` at all when nothing matched. The checks come in the order Google makes them: the token (401), the quota
 * (403 quotaExceeded), required parameters (400 required), names (400 unknown identifier), scopes (403
 * insufficientPermissions: youtube.readonly and an analytics scope, the monetary one for revenue), the channel (403
 * forbidden) and the combination (400 not supported).
 */
import type { FakeGoogleOwner } from '@app/contracts/fake-google';
import { GOOGLE_SCOPES } from '@app/contracts/google-account';
import type { FakeAnswer } from '../lib/fake-service';
import {
  addCounts,
  audienceShares,
  COUNTRY_WEIGHTS,
  type Counts,
  dayNumber,
  dayShare,
  DEVICE_WEIGHTS,
  emptyCounts,
  externalSiteWeights,
  isoDay,
  retention,
  split,
  TRAFFIC_WEIGHTS,
  unit,
  videoDay,
} from './analytics-data';
import { DIMENSIONS, findReport, METRICS, REVENUE_METRICS, type ReportRequest } from './analytics-reports';
import {
  forbidden,
  insufficientScopes,
  invalidValue,
  queryNotSupported,
  required,
  unknownIdentifier,
} from './google-errors';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What a query runs against: the token's account and scopes, the owner's channel, the seed and today. */
export interface AnalyticsContext {
  scopes: string[];
  channelId: string | null;
  owner: FakeGoogleOwner;
  seed: number;
  today: string;
}

type Row = (string | number)[];
const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `video==a,b;country==US` → {video: [a, b], country: [US]}; null when it does not parse. */
function parseFilters(text: string | null): Map<string, string[]> | null {
  const filters = new Map<string, string[]>();
  for (const part of (text ?? '').split(';').filter(Boolean)) {
    const match = /^(\w+)==(.+)$/.exec(part);
    if (!match) return null;
    filters.set(match[1], match[2].split(','));
  }
  return filters;
}

export function reportsQuery(query: URLSearchParams, ctx: AnalyticsContext): FakeAnswer {
  const [ids, startDate, endDate] = ['ids', 'startDate', 'endDate'].map((name) => query.get(name));
  const metrics = list(query.get('metrics'));
  if (!ids || !startDate || !endDate || !metrics.length) return required();
  if (!ISO_DATE.test(startDate) || !ISO_DATE.test(endDate)) {
    return invalidValue(
      `Invalid value '${ISO_DATE.test(startDate) ? endDate : startDate}'. Values must match the following regular expression: '[0-9]{4}-[0-9]{2}-[0-9]{2}'`,
    );
  }
  const dimensions = list(query.get('dimensions'));
  const unknownMetric = metrics.find((m) => !(m in METRICS));
  if (unknownMetric) return unknownIdentifier(unknownMetric, 'metrics');
  const unknownDimension = dimensions.find((d) => !(d in DIMENSIONS));
  if (unknownDimension) return unknownIdentifier(unknownDimension, 'dimensions');
  const filters = parseFilters(query.get('filters'));
  if (!filters) return invalidValue(`Invalid filter expression: ${query.get('filters')}`);
  const canRead =
    ctx.scopes.includes(GOOGLE_SCOPES.youtube) &&
    (ctx.scopes.includes(GOOGLE_SCOPES.analytics) || ctx.scopes.includes(GOOGLE_SCOPES.revenue));
  const wantsRevenue = metrics.some((m) => m in REVENUE_METRICS);
  if (!canRead || (wantsRevenue && !ctx.scopes.includes(GOOGLE_SCOPES.revenue))) return insufficientScopes();
  const channel = /^channel==(.+)$/.exec(ids)?.[1];
  if (!ctx.channelId || (channel !== 'MINE' && channel !== ctx.channelId)) return forbidden();
  if (startDate > endDate) return invalidValue('The start date must be before or the same as the end date.');
  const sort = list(query.get('sort')).map((s) => ({
    name: s.replace(/^-/, ''),
    descending: s.startsWith('-'),
  }));
  const maxResults = query.has('maxResults') ? Number(query.get('maxResults')) : undefined;
  const startIndex = query.has('startIndex') ? Number(query.get('startIndex')) : 1;
  if ((maxResults !== undefined && !(maxResults >= 1)) || !(startIndex >= 1)) {
    return invalidValue('maxResults and startIndex must be positive integers.');
  }
  const request: ReportRequest = { startDate, endDate, dimensions, metrics, filters, sort, maxResults };
  const report = findReport(request);
  if (!report) return queryNotSupported();
  const rows =
    report.kind === 'audience'
      ? audienceRows(request, ctx)
      : report.kind === 'retention'
        ? retentionRows(request, ctx)
        : countRows(request, ctx);
  if (report.kind !== 'counts' && !hasViews(request, ctx)) rows.length = 0;
  sortRows(rows, request);
  const page = rows.slice(startIndex - 1, maxResults === undefined ? undefined : startIndex - 1 + maxResults);
  return {
    status: 200,
    body: {
      kind: 'youtubeAnalytics#resultTable',
      columnHeaders: [
        ...dimensions.map((name) => ({ name, columnType: 'DIMENSION', dataType: DIMENSIONS[name] })),
        ...metrics.map((name) => ({ name, columnType: 'METRIC', dataType: METRICS[name] })),
      ],
      ...(page.length ? { rows: page } : {}),
    },
  };
}

/** The owner's counts over the range, keyed by day (or month) and video when those are asked for. */
function countsBy(request: ReportRequest, ctx: AnalyticsContext, dateKey: (day: number) => string) {
  const videoFilter = request.filters.get('video');
  const videos = ctx.owner.videos.filter((v) => !videoFilter || videoFilter.includes(v.id));
  const byVideo = request.dimensions.includes('video');
  const cells = new Map<string, { date: string; video: string; counts: Counts }>();
  const [start, end] = [dayNumber(request.startDate), dayNumber(request.endDate)];
  const today = dayNumber(ctx.today);
  for (let day = start; day <= end; day += 1) {
    const share = dayShare(ctx.seed, day, today);
    if (!share) continue;
    for (const video of videos) {
      const counts = videoDay(ctx.seed, ctx.owner, video.id, dayNumber(video.publishedAt), day);
      if (!counts.views) continue;
      const date = dateKey(day);
      const key = `${date}|${byVideo ? video.id : ''}`;
      const cell = cells.get(key) ?? { date, video: video.id, counts: emptyCounts() };
      cells.set(key, cell);
      addCounts(cell.counts, counts, share);
    }
  }
  return [...cells.values()];
}

/** The split a dimension (or a filter) makes of every count, with its part names. */
function partsOf(name: string, ctx: AnalyticsContext, request: ReportRequest): [string, number][] {
  if (name === 'country') return split(ctx.seed, 'country', COUNTRY_WEIGHTS);
  if (name === 'deviceType') return split(ctx.seed, 'device', DEVICE_WEIGHTS);
  if (name === 'insightTrafficSourceType') return split(ctx.seed, 'traffic', TRAFFIC_WEIGHTS);
  const type = request.filters.get('insightTrafficSourceType')?.[0];
  const sites = type === 'EXT_URL' ? split(ctx.seed, 'sites', externalSiteWeights(ctx.owner)) : [];
  return sites;
}

const SPLIT_DIMENSIONS = ['country', 'deviceType', 'insightTrafficSourceType', 'insightTrafficSourceDetail'];

function countRows(request: ReportRequest, ctx: AnalyticsContext): Row[] {
  const month = request.dimensions.includes('month');
  const cells = countsBy(request, ctx, (day) => (month ? isoDay(day).slice(0, 7) : isoDay(day)));
  // A filter on a split dimension keeps that part's share of every count.
  let factor = 1;
  for (const [name, values] of request.filters) {
    if (!SPLIT_DIMENSIONS.includes(name)) continue;
    const parts = new Map(partsOf(name, ctx, request));
    factor *= values.reduce((sum, value) => sum + (parts.get(value) ?? 0), 0);
  }
  const splitBy = request.dimensions.find((d) => SPLIT_DIMENSIONS.includes(d));
  const parts: [string, number][] = splitBy ? partsOf(splitBy, ctx, request) : [['', 1]];
  const grouped = new Map<string, { values: Record<string, string>; counts: Counts }>();
  for (const cell of cells) {
    for (const [part, weight] of parts) {
      const values: Record<string, string> = { day: cell.date, month: cell.date, video: cell.video };
      if (splitBy) values[splitBy] = part;
      const key = request.dimensions.map((d) => values[d]).join('|');
      const group = grouped.get(key) ?? { values, counts: emptyCounts() };
      grouped.set(key, group);
      addCounts(group.counts, cell.counts, weight * factor);
    }
  }
  // A day's row is the same whatever range asks for it; a row over the range (a video's, a country's) is the range's.
  const range = request.dimensions.includes('day') ? '' : `${request.startDate}|${request.endDate}`;
  return [...grouped.values()]
    .filter((g) => Math.round(g.counts.views) > 0)
    .map((g) => {
      const dims = request.dimensions.map((d) => g.values[d]);
      const row = [range, ...dims].join('|');
      const whole = (value: number, name: string) => Math.floor(value + unit(ctx.seed, row, name));
      return [...dims, ...request.metrics.map((m) => metric(m, g.counts, whole))];
    });
}

function hasViews(request: ReportRequest, ctx: AnalyticsContext): boolean {
  return countsBy(request, ctx, isoDay).some((cell) => cell.counts.views > 0);
}

function audienceRows(request: ReportRequest, ctx: AnalyticsContext): Row[] {
  const sums = new Map<string, number>();
  for (const cell of audienceShares(ctx.seed)) {
    const key = request.dimensions.map((d) => (d === 'ageGroup' ? cell.ageGroup : cell.gender)).join('|');
    sums.set(key, (sums.get(key) ?? 0) + cell.percent);
  }
  return [...sums].map(([key, percent]) => [...key.split('|'), Math.round(percent * 10) / 10]);
}

function retentionRows(request: ReportRequest, ctx: AnalyticsContext): Row[] {
  const id = request.filters.get('video')![0];
  if (!ctx.owner.videos.some((v) => v.id === id)) return [];
  return retention(ctx.seed, id).map((point) =>
    [
      point.ratio,
      ...request.metrics.map((m) => (m === 'audienceWatchRatio' ? point.watch : point.relative)),
    ].map((value) => Math.round(value * 10000) / 10000),
  );
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The counts a row sends as whole numbers, rounded up or down at random so that small ones add up over days. */
const DITHERED = [
  'subscribersGained',
  'subscribersLost',
  'likes',
  'dislikes',
  'comments',
  'shares',
  'monetizedPlaybacks',
] as const satisfies readonly (keyof Counts)[];

/**
 * A metric's value from a row's summed counts, rounded as YouTube sends it, each row once: views and watch time to
 * the nearest, the DITHERED counts by `whole` (0.4 expected comments a day is a comment on about 2 days in 5).
 */
function metric(name: string, c: Counts, whole: (value: number, name: string) => number): number {
  if ((DITHERED as readonly string[]).includes(name)) return whole(c[name as keyof Counts], name);
  switch (name) {
    case 'views':
      return Math.round(c.views);
    case 'estimatedMinutesWatched':
      return Math.round(c.watchSeconds / 60);
    case 'averageViewDuration':
      return c.views ? Math.round(c.watchSeconds / c.views) : 0;
    case 'averageViewPercentage':
      return c.views ? round(c.percentViews / c.views, 2) : 0;
    case 'estimatedRevenue':
      return round(c.revenue / 1e6, 3);
    case 'estimatedAdRevenue':
      return round(c.adRevenue / 1e6, 3);
    case 'grossRevenue':
      return round(c.grossRevenue / 1e6, 3);
    case 'cpm':
      return c.monetizedPlaybacks ? round(c.cpmPlaybacks / c.monetizedPlaybacks / 1e6, 3) : 0;
    case 'playbackBasedCpm':
      return c.monetizedPlaybacks ? round((c.cpmPlaybacks / c.monetizedPlaybacks / 1e6) * 1.08, 3) : 0;
    default:
      return Math.round(c[name as keyof Counts] ?? 0);
  }
}

function sortRows(rows: Row[], request: ReportRequest): void {
  const columns = [...request.dimensions, ...request.metrics];
  const keys = request.sort.length
    ? request.sort
    : request.dimensions
        .filter((d) => d === 'day' || d === 'month')
        .map((name) => ({ name, descending: false }));
  rows.sort((a, b) => {
    for (const { name, descending } of keys) {
      const i = columns.indexOf(name);
      const order = a[i] < b[i] ? -1 : a[i] > b[i] ? 1 : 0;
      if (order) return descending ? -order : order;
    }
    return 0;
  });
}
