import type { SyncResult, SyncStatus } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '../../../lib/api-client';
import { replaceToast } from '../../../lib/toast';
import { channelStatsQueryOptions } from '../../channel/api/get-channel-stats';
import { featuredVideoKey, videoListsKey } from './get-admin-videos';
import { checklistQueryOptions } from './get-checklist';
import { playlistsQueryOptions } from '../../playlists/api/get-playlists';

export function getSyncStatus(signal?: AbortSignal): Promise<SyncStatus> {
  return getJson<SyncStatus>(apiPaths.syncStatus, { signal });
}

export const syncStatusQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.syncStatus],
    queryFn: ({ signal }) => getSyncStatus(signal),
  });

export function useSyncStatus() {
  return useQuery(syncStatusQueryOptions());
}

export function syncYoutube(): Promise<SyncResult> {
  return apiRequest('POST', apiPaths.syncYoutube).then((res) => readJson<SyncResult>(res));
}

/**
 * Syncs from YouTube. The run history reloads whatever the outcome (a failed run is recorded); after
 * a success, so does what a sync rewrites: videos, the featured video, playlists and channel stats.
 */
export function useSyncYoutube() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncYoutube,
    onSuccess: () => {
      replaceToast({ title: 'FolderSync completed', description: 'Successfully synced data from YouTube' });
    },
    onError: (error) => {
      replaceToast({ title: 'FolderSync failed', description: error.message, variant: 'destructive' });
    },
    onSettled: (result) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: syncStatusQueryOptions().queryKey }),
        ...(result
          ? [
              queryClient.invalidateQueries({ queryKey: videoListsKey }),
              queryClient.invalidateQueries({ queryKey: featuredVideoKey }),
              queryClient.invalidateQueries({ queryKey: playlistsQueryOptions().queryKey }),
              queryClient.invalidateQueries({ queryKey: channelStatsQueryOptions().queryKey }),
              queryClient.invalidateQueries({ queryKey: checklistQueryOptions().queryKey }),
            ]
          : []),
      ]),
  });
}
