import type { NewsletterSummary } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const NEWSLETTER_SUMMARY_PATH = '/api/admin/newsletter/summary';

export const newsletterSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'newsletter', 'summary'],
    queryFn: ({ signal }) => getJson<NewsletterSummary>(NEWSLETTER_SUMMARY_PATH, { signal }),
  });

/** Sign-ups through the site: the "100 newsletter subscribers" goal. */
export function useNewsletterSummary() {
  return useQuery(newsletterSummaryQueryOptions());
}
