import type { AnalyticsRangeId, AnalyticsReport } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../../lib/api-client';

export const analyticsQueryOptions = (range: AnalyticsRangeId) =>
  queryOptions({
    queryKey: ['admin', 'analytics', range],
    queryFn: ({ signal }) =>
      getJson<AnalyticsReport>(`${apiPaths.analytics}?range=${encodeURIComponent(range)}`, { signal }),
  });

/** Every figure of the Analytics tab for a range, from the site's own counts. */
export function useAnalytics(range: AnalyticsRangeId) {
  // The last range's figures stay while the next one loads (labels follow the report's own range).
  return useQuery({ ...analyticsQueryOptions(range), placeholderData: keepPreviousData });
}
