import type {
  AnalyticsRangeId,
  YoutubeAnalyticsRefresh,
  YoutubeAnalyticsStatus,
  YoutubeAudienceReport,
  YoutubeContentReport,
  YoutubeOverviewReport,
  YoutubeRevenueReport,
} from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';

/** Every query of the YouTube view starts with this key: a finished fetch reloads them all. */
export const YOUTUBE_ANALYTICS_KEY = ['admin', 'youtube-analytics'] as const;

/** How often the view reads the status while a fetch runs (the first import's days go by a few a second). */
export const YOUTUBE_PROGRESS_POLL_MS = 2000;

export const youtubeStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...YOUTUBE_ANALYTICS_KEY, 'status'],
    queryFn: ({ signal }) => getJson<YoutubeAnalyticsStatus>(apiPaths.youtubeAnalyticsStatus, { signal }),
  });

/**
 * The connection, the first import's progress, the queries counted today, when the figures were read. Asked again
 * each time the view opens: the connection changes elsewhere (Integrations → Overview's card, Google's side) and
 * a nightly fetch reads new days.
 */
export function useYoutubeAnalyticsStatus() {
  return useQuery({
    ...youtubeStatusQueryOptions(),
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.running ? YOUTUBE_PROGRESS_POLL_MS : false),
  });
}

/** The four reports, each at its own path with `?range=`. */
export interface YoutubeReports {
  overview: YoutubeOverviewReport;
  content: YoutubeContentReport;
  audience: YoutubeAudienceReport;
  revenue: YoutubeRevenueReport;
}
export type YoutubeReportKind = keyof YoutubeReports;

const reportPaths: Record<YoutubeReportKind, string> = {
  overview: apiPaths.youtubeAnalyticsOverview,
  content: apiPaths.youtubeAnalyticsContent,
  audience: apiPaths.youtubeAnalyticsAudience,
  revenue: apiPaths.youtubeAnalyticsRevenue,
};

export const youtubeReportQueryOptions = <K extends YoutubeReportKind>(kind: K, range: AnalyticsRangeId) =>
  queryOptions({
    queryKey: [...YOUTUBE_ANALYTICS_KEY, kind, range],
    queryFn: ({ signal }) =>
      getJson<YoutubeReports[K]>(`${reportPaths[kind]}?range=${encodeURIComponent(range)}`, { signal }),
  });

/** One report of the YouTube view for a range; the last range's figures stay while the next one loads. */
export function useYoutubeReport<K extends YoutubeReportKind>(kind: K, range: AnalyticsRangeId) {
  return useQuery({ ...youtubeReportQueryOptions(kind, range), placeholderData: keepPreviousData });
}

export function refreshYoutubeAnalytics(): Promise<YoutubeAnalyticsRefresh> {
  return apiRequest('POST', apiPaths.youtubeAnalyticsRefresh).then((res) =>
    readJson<YoutubeAnalyticsRefresh>(res),
  );
}

/** Refresh: the API reads the latest days from YouTube now; the status it answers starts the polling. */
export function useRefreshYoutubeAnalytics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshYoutubeAnalytics,
    onSuccess: ({ started, status }) => {
      queryClient.setQueryData(youtubeStatusQueryOptions().queryKey, status);
      if (started)
        replaceToast({
          title: 'Refreshing from YouTube',
          description: 'The latest days are being read from YouTube Analytics.',
        });
      else if (status.running)
        replaceToast({
          title: 'Already refreshing',
          description: 'A fetch from YouTube Analytics is running; its figures show when it ends.',
        });
      else
        replaceToast({
          title: 'Could not refresh',
          description: status.message ?? 'YouTube Analytics cannot be read now.',
          variant: 'destructive',
        });
    },
    onError: (error) =>
      replaceToast({ title: 'Could not refresh', description: error.message, variant: 'destructive' }),
  });
}
