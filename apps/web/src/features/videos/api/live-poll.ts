import type { LiveState } from '@app/contracts';

/**
 * While a stream is live or scheduled the page asks again this often (and whenever the tab comes back),
 * so the banner goes when the stream ends: the one exception to data that never goes stale.
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
