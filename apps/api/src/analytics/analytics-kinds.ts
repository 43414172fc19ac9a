/** What the rollup rows count (`analytics_rollup.kind`), and the increments written to them. */

/**
 * Rollup kinds (`analytics_rollup.kind`) and what `dim` holds for each. One event adds to one or more of them;
 * `visitors`, `source`, `referrer` and `campaign` count visits (a visitor's first page view of a day).
 */
export const ROLLUP = {
  view: 'view', // '' (every page view)
  page: 'page', // path
  viewport: 'viewport', // phone | tablet | desktop
  play: 'play', // '' (every play)
  playVideo: 'play_video', // video id
  playWhere: 'play_where', // featured | grid | …
  playProgress: 'play_progress', // video id:milestone (25, 50, 75, 100)
  playlistOpen: 'playlist_open', // playlist id
  subscribeClick: 'subscribe_click', // which link
  communityClick: 'community_click', // card
  heroImpression: 'hero_impression', // A | B
  heroClick: 'hero_click', // A | B
  affiliateClick: 'affiliate_click', // program id
  sponsorClick: 'sponsor_click', // sponsor id
  visitors: 'visitors', // ''
  source: 'source', // TrafficSource
  referrer: 'referrer', // host
  campaign: 'campaign', // source\tmedium\tcampaign
} as const;

/** Appended to a kind for its weekly rows (`day` = the week's Monday). */
export const WEEKLY = '@w';

/** The kinds with exactly one row per event: their sum is the number of events stored. */
export const EVENT_KINDS = [
  ROLLUP.view,
  ROLLUP.play,
  ROLLUP.playProgress,
  ROLLUP.playlistOpen,
  ROLLUP.subscribeClick,
  ROLLUP.communityClick,
  ROLLUP.heroImpression,
  ROLLUP.heroClick,
  ROLLUP.affiliateClick,
  ROLLUP.sponsorClick,
];

/** The `dim` of a `play_progress` row: the video and how far its plays got. */
export const progressDim = (videoId: string, milestone: number): string => `${videoId}:${milestone}`;

export interface Increment {
  kind: string;
  day: string;
  dim: string;
  n: number;
}

export interface VisitGroup {
  day: string;
  source: string;
  referrer: string;
  campaign: string;
  n: number;
}

/** What visits add to the rollups: the day's visitors, and the visits per source, referrer and campaign. */
export function visitIncrements(groups: VisitGroup[]): Increment[] {
  return groups.flatMap((g) => [
    { kind: ROLLUP.visitors, day: g.day, dim: '', n: g.n },
    { kind: ROLLUP.source, day: g.day, dim: g.source, n: g.n },
    ...(g.referrer ? [{ kind: ROLLUP.referrer, day: g.day, dim: g.referrer, n: g.n }] : []),
    ...(g.campaign ? [{ kind: ROLLUP.campaign, day: g.day, dim: g.campaign, n: g.n }] : []),
  ]);
}
