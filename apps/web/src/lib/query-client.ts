import { QueryClient } from '@tanstack/react-query';

/** Unused data is dropped after five minutes. */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/**
 * Data never goes stale by itself: it reloads only when a mutation invalidates it,
 * so there is no refetch on focus or interval and nothing is retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
