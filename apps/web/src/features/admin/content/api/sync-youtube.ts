import type { SyncResult, SyncStatus } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, HttpError, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { channelStatsQueryOptions } from '../../../channel/api/get-channel-stats';
import { featuredVideoKey, videoListsKey } from './get-admin-videos';
import { checklistQueryOptions } from '../../shared/api/get-checklist';
import { playlistsQueryOptions } from '../../../playlists/api/get-playlists';

export function getSyncStatus(signal?: AbortSignal): Promise<SyncStatus> {
  return getJson<SyncStatus>(apiPaths.syncStatus, { signal });
}

/** How often the dashboard reads a running sync's progress (the API writes it every second). */
export const SYNC_PROGRESS_POLL_MS = 1000;

export const syncStatusQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.syncStatus],
    queryFn: ({ signal }) => getSyncStatus(signal),
  });

/** A run left `running` by a process that died stays so until the next sync: polled for an hour at most. */
const RUNNING_POLL_MAX_MS = 60 * 60_000;
const runningNow = (status: SyncStatus | undefined) =>
  status?.lastRun?.outcome === 'running' &&
  Date.now() - Date.parse(status.lastRun.startedAt) < RUNNING_POLL_MAX_MS;

/**
 * The last runs. While a sync runs (`poll`: this dashboard started one; or the last run is still running,
 * started elsewhere) it is read again every second, so the progress shows (issue 24); otherwise never.
 */
export function useSyncStatus({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...syncStatusQueryOptions(),
    refetchInterval: (query) => (poll || runningNow(query.state.data) ? SYNC_PROGRESS_POLL_MS : false),
  });
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
      // SPEC §8's title; the description is the API's sentence for a person, without the status code.
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
