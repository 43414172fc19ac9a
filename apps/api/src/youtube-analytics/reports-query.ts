import { z } from 'zod';
import { type OutboundPolicy, outboundRequest } from '../common/outbound/outbound-http';
import { apiError, GoogleApiError, safeJson } from '../google-account/google-api';
import type { GoogleEndpoints } from '../google-account/google-endpoints';

/**
 * One call of the YouTube Analytics API's reports.query for the connected channel (`ids=channel==MINE`,
 * https://developers.google.com/youtube/analytics/reference/reports/query), through the outbound rules every call
 * to Google follows (the SSRF policy, no redirects, a timeout). Answers the result table as records keyed by column
 * name; a refusal throws GoogleApiError (its `reason`: quotaExceeded, insufficientPermissions, badRequest …).
 */
export interface ReportQuery {
  startDate: string;
  endDate: string;
  metrics: readonly string[];
  dimensions?: readonly string[];
  /** `video==abc;insightTrafficSourceType==EXT_URL` */
  filters?: string;
  /** `-views` */
  sort?: string;
  maxResults?: number;
  startIndex?: number;
}

export type ReportRow = Record<string, string | number>;

/** An answer is read up to this size: a year of days, or 200 videos, is a few tens of KiB. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

const resultTableSchema = z.object({
  columnHeaders: z.array(z.object({ name: z.string() })),
  rows: z.array(z.array(z.union([z.string(), z.number()]))).optional(),
});

/** The query string of a report request. */
export function reportUrl(endpoints: GoogleEndpoints, query: ReportQuery): string {
  const params = new URLSearchParams({
    ids: 'channel==MINE',
    startDate: query.startDate,
    endDate: query.endDate,
    metrics: query.metrics.join(','),
  });
  if (query.dimensions?.length) params.set('dimensions', query.dimensions.join(','));
  if (query.filters) params.set('filters', query.filters);
  if (query.sort) params.set('sort', query.sort);
  if (query.maxResults !== undefined) params.set('maxResults', String(query.maxResults));
  if (query.startIndex !== undefined) params.set('startIndex', String(query.startIndex));
  return `${endpoints.analytics}/reports?${params.toString()}`;
}

/** The rows of a result table as records; no `rows` (nothing matched) is no record. */
export function tableRecords(body: unknown): ReportRow[] {
  const parsed = resultTableSchema.safeParse(body);
  if (!parsed.success) {
    throw new GoogleApiError(200, 'invalidResponse', 'reports.query answered an unexpected shape');
  }
  const names = parsed.data.columnHeaders.map((header) => header.name);
  return (parsed.data.rows ?? []).map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])));
}

export async function queryReport(
  endpoints: GoogleEndpoints,
  policy: OutboundPolicy,
  accessToken: string,
  query: ReportQuery,
): Promise<ReportRow[]> {
  const answer = await outboundRequest(
    reportUrl(endpoints, query),
    {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      maxBytes: MAX_ANSWER_BYTES,
    },
    policy,
  );
  if (answer.status !== 200) throw apiError(answer.status, answer.text);
  if (answer.truncated) throw new GoogleApiError(200, 'invalidResponse', 'reports.query answered too much');
  return tableRecords(safeJson(answer.text));
}
