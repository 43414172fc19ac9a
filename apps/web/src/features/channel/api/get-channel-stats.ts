import type { ChannelStats } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const CHANNEL_STATS_PATH = '/api/channel/stats';

export function getChannelStats(signal?: AbortSignal): Promise<ChannelStats> {
  return getJson<ChannelStats>(CHANNEL_STATS_PATH, { signal });
}

export const channelStatsQueryOptions = () =>
  queryOptions({
    queryKey: [CHANNEL_STATS_PATH],
    queryFn: ({ signal }) => getChannelStats(signal),
  });

export function useChannelStats() {
  return useQuery(channelStatsQueryOptions());
}
