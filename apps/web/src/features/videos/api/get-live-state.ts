import type { LiveState } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { livePollInterval } from './live-poll';

export { LIVE_IDLE_POLL_MS, LIVE_POLL_MS, livePollInterval } from './live-poll';

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
