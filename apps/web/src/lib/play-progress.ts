import type { PlayMilestone } from '@app/contracts';
import { readConsent } from './consent';
import { track } from './site-analytics';

/** `playMilestones` of the contract (its file brings zod; play-progress.spec.ts keeps the two equal). */
export const MILESTONES: readonly PlayMilestone[] = [25, 50, 75, 100];

/** What the embedded player reports in its `infoDelivery` messages, once asked with `listening`. */
export interface PlayerInfo {
  currentTime?: number;
  duration?: number;
  /** 1 playing, 2 paused, 0 ended. */
  playerState?: number;
}

/**
 * The points of the video this report shows reached and `sent` does not hold yet. The end counts from the
 * last second (players stop a little short of the duration), or when the player says it ended.
 */
export function newMilestones(info: PlayerInfo, sent: ReadonlySet<number>): PlayMilestone[] {
  const { currentTime, duration, playerState } = info;
  const ended = playerState === 0;
  const known = typeof currentTime === 'number' && typeof duration === 'number' && duration > 0;
  return MILESTONES.filter((milestone) => {
    if (sent.has(milestone)) return false;
    if (ended) return true;
    if (!known) return false;
    return milestone === 100 ? currentTime >= duration - 1 : (currentTime / duration) * 100 >= milestone;
  });
}

/**
 * Counts the points one play reached, once each, in the site's own analytics (cookieless, off with it); not at all
 * when the visitor declined analytics in the consent banner.
 */
export function recordProgress(videoId: string, info: PlayerInfo, sent: Set<number>): void {
  const reached = newMilestones(info, sent);
  if (!reached.length) return;
  for (const milestone of reached) sent.add(milestone);
  if (readConsent() === 'denied') return;
  for (const milestone of reached) track({ kind: 'play_progress', videoId, milestone });
}
