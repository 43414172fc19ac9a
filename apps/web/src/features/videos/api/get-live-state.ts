import type { LiveState } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/**
 * While a stream is live or scheduled the page asks again this often (and whenever the tab comes back),
 * so the banner goes when the stream ends: the one exception to data that never goes stale (SPEC §9).
 * The answer is served from the API's public cache, so the polls cost little.
 */
export const LIVE_POLL_MS = 60_000;
/**
 * While nothing is live or scheduled, a page left open still asks this often, so a stream that starts later
 * shows without a reload: the default interval of the API's live check (`liveCheckIntervalMinutes`, 5), which
 * cannot know sooner. Not while the tab is hidden (it asks again when it comes back).
 */
export const LIVE_IDLE_POLL_MS = 5 * 60_000;

/** How long until the page asks again, after this answer (or none yet, or a failed call). */
export function livePollInterval(state: LiveState | undefined): number {
  return state?.live || state?.upcoming ? LIVE_POLL_MS : LIVE_IDLE_POLL_MS;
}

/** `GET /api/live`: the live stream and the next scheduled one, as the API's live check last saw them. */
export const liveStateQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.live],
    queryFn: ({ signal }) => getJson<LiveState>(apiPaths.live, { signal }),
  });

export function useLiveState() {
  return useQuery({
    ...liveStateQueryOptions(),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => livePollInterval(query.state.data),
  });
}
