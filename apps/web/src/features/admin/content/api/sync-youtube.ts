import type { SyncResult } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, HttpError, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { channelStatsQueryOptions } from '../../../channel/api/get-channel-stats';
import { featuredVideoKey, videoListsKey } from './get-admin-videos';
import { checklistQueryOptions } from '../../shared/api/get-checklist';
import { syncStatusQueryOptions } from '../../shared/api/sync-status';
import { playlistsQueryOptions } from '../../../playlists/api/get-playlists';

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
      // The specified title; the description is the API's sentence for a person, without the status code.
      const description = error instanceof HttpError ? error.detail : error.message;
      replaceToast({ title: 'FolderSync failed', description, variant: 'destructive' });
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
