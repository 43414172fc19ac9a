import type { ChannelStats } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export function getChannelStats(signal?: AbortSignal): Promise<ChannelStats> {
  return getJson<ChannelStats>(apiPaths.channelStats, { signal });
}

export const channelStatsQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.channelStats],
    queryFn: ({ signal }) => getChannelStats(signal),
  });

export function useChannelStats() {
  return useQuery(channelStatsQueryOptions());
}
