import type { IntegrationCheck, SyncStatus } from '@app/contracts';

/**
 * The YouTube integration's state, the same on the Content card and the Integrations overview:
 * - `not-set-up`: no channel (neither in the dashboard nor in the server's environment);
 * - `feed`: a channel without an API key (the newest videos from its public feed);
 * - `connected`: a channel and an API key;
 * - `error`: set up, but the latest of the last connection test and the last sync failed.
 */
export type YoutubeState = 'not-set-up' | 'feed' | 'connected' | 'error';

export const youtubeBadges: Record<YoutubeState, { color: string; label: string }> = {
  'not-set-up': { color: 'gray', label: 'Not set up' },
  feed: { color: 'blue', label: 'Feed mode' },
  connected: { color: 'green', label: 'Connected' },
  error: { color: 'red', label: 'Error' },
};

export interface YoutubeStatus {
  state: YoutubeState;
  /** What failed, for `error`. */
  error: string | null;
}

/** The last sync's or the last test's failure, whichever came last; null when the latest of them passed. */
function latestFailure(status: SyncStatus, check: IntegrationCheck | null): string | null {
  const run = status.lastRun?.outcome === 'running' ? null : status.lastRun;
  const runAt = run ? Date.parse(run.finishedAt ?? run.startedAt) : -Infinity;
  const checkAt = check ? Date.parse(check.checkedAt) : -Infinity;
  if (check && checkAt >= runAt) return check.ok ? null : check.message;
  if (run?.outcome === 'failed') return run.error ?? 'The last sync failed';
  return null;
}

export function youtubeStatus(status: SyncStatus, check: IntegrationCheck | null): YoutubeStatus {
  if (!status.setup.channel) return { state: 'not-set-up', error: null };
  const error = latestFailure(status, check);
  if (error !== null) return { state: 'error', error };
  return { state: status.setup.apiKey ? 'connected' : 'feed', error: null };
}
