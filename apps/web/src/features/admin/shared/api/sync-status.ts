import type { SyncStatus } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../../lib/api-client';

/** The YouTube sync's last runs and set-up: the Content tab's card and the Integrations overview read them. */
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
 * started elsewhere) it is read again every second, so the progress shows; otherwise never.
 */
export function useSyncStatus({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...syncStatusQueryOptions(),
    refetchInterval: (query) => (poll || runningNow(query.state.data) ? SYNC_PROGRESS_POLL_MS : false),
  });
}
