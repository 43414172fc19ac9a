import { useIntegrationChecks } from '../api/integration-checks';
import { useSyncStatus } from '../api/sync-status';
import { type YoutubeStatus, youtubeStatus } from '../lib/youtube-state';

/** The YouTube integration's state from the sync status and the last connection test; undefined while loading. */
export function useYoutubeStatus(): YoutubeStatus | undefined {
  const sync = useSyncStatus();
  const checks = useIntegrationChecks();
  if (!sync.data) return undefined;
  const check = checks.data?.checks.find((c) => c.id === 'youtube') ?? null;
  return youtubeStatus(sync.data, check);
}
