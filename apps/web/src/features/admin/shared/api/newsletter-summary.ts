import type { NewsletterSummary } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../../lib/api-client';

/** The subscriber count (the "100 newsletter subscribers" goal reads it too) and the addresses waiting. */
export const newsletterSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.newsletterSummary],
    queryFn: ({ signal }) => getJson<NewsletterSummary>(apiPaths.newsletterSummary, { signal }),
  });

export function useNewsletterSummary() {
  return useQuery(newsletterSummaryQueryOptions());
}
