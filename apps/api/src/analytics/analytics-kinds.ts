/** What the rollup rows count (`analytics_rollup.kind`), and the increments written to them. */
import {
  ADMIN_PATH,
  ANALYTICS_CAMPAIGNS_PER_DAY,
  ANALYTICS_CAPPED_DIMS_PER_DAY,
  ANALYTICS_REFERRERS_PER_DAY,
  ANALYTICS_SEARCH_CANDIDATES_PER_DAY,
  ANALYTICS_SEARCHES_PER_DAY,
  communityCards,
  heroVariants,
  playMilestones,
  playPlaces,
  trafficSources,
  VIDEO_ID_SOURCE,
  viewportClasses,
  watchPath,
} from '@app/contracts';

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
  search: 'search', // the query, normalized (searchDim)
  searchEmpty: 'search_empty', // the query of a search that found nothing
} as const;

/** The `dim` that every value beyond a kind's bound folds into (issue 25: the rollups stay bounded). */
export const OTHER = 'other';

/** Distinct referrer hosts and distinct UTM campaigns kept per day: the day's most visited; the rest fold into OTHER. */
export const REFERRERS_PER_DAY = ANALYTICS_REFERRERS_PER_DAY;
export const CAMPAIGNS_PER_DAY = ANALYTICS_CAMPAIGNS_PER_DAY;
/**
 * Distinct dims per day of the kinds whose ids the site does not check (a playlist, a subscribe link, an affiliate
 * program, a sponsor): the first ones of the day are kept, later new ones fold into OTHER.
 */
export const CAPPED_DIMS_PER_DAY = ANALYTICS_CAPPED_DIMS_PER_DAY;
export const CAPPED_KINDS: readonly string[] = [
  ROLLUP.playlistOpen,
  ROLLUP.subscribeClick,
  ROLLUP.affiliateClick,
  ROLLUP.sponsorClick,
];

/**
 * Search queries: while a day runs, its first SEARCH_CANDIDATES_PER_DAY distinct queries of each kind count (later
 * new ones fold into OTHER); once it is over, the day's upkeep keeps its SEARCHES_PER_DAY most searched
 * (`foldSearchDays`), as referrers keep the day's most visited.
 */
export const SEARCHES_PER_DAY = ANALYTICS_SEARCHES_PER_DAY;
export const SEARCH_CANDIDATES_PER_DAY = ANALYTICS_SEARCH_CANDIDATES_PER_DAY;
export const SEARCH_KINDS: readonly string[] = [ROLLUP.search, ROLLUP.searchEmpty];

/** How many distinct dims a day may hold of the kinds the write caps, or undefined for the others. */
export function dimCapOf(kind: string): number | undefined {
  if (CAPPED_KINDS.includes(kind)) return CAPPED_DIMS_PER_DAY;
  if (SEARCH_KINDS.includes(kind)) return SEARCH_CANDIDATES_PER_DAY;
  return undefined;
}

/** The longest query the rollups keep (the `dim` column holds 512 characters). */
const SEARCH_DIM_MAX = 100;

/** A query as counted: Unicode-normalized (NFKC), lower case, spaces collapsed, at most 100 characters. */
export function searchDim(query: string): string {
  return query.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, SEARCH_DIM_MAX).trim();
}

/**
 * The most daily rows each kind can have for one day, with `videos` videos on the site (docs/analytics.md has the
 * sum): pages are `/`, `/videos/{id}` of a stored video or OTHER; plays and progress only name stored videos; the
 * enums are as long as the contract's lists; the capped kinds and referrers/campaigns keep their cap plus OTHER.
 */
export function dimBoundsPerDay(videos: number): Record<(typeof ROLLUP)[keyof typeof ROLLUP], number> {
  return {
    view: 1,
    page: videos + 2,
    viewport: viewportClasses.length,
    play: 1,
    play_video: videos + 1,
    play_where: playPlaces.length,
    play_progress: videos * playMilestones.length,
    playlist_open: CAPPED_DIMS_PER_DAY + 1,
    subscribe_click: CAPPED_DIMS_PER_DAY + 1,
    community_click: communityCards.length,
    hero_impression: heroVariants.length,
    hero_click: heroVariants.length,
    affiliate_click: CAPPED_DIMS_PER_DAY + 1,
    sponsor_click: CAPPED_DIMS_PER_DAY + 1,
    visitors: 1,
    source: trafficSources.length,
    referrer: REFERRERS_PER_DAY + 1,
    campaign: CAMPAIGNS_PER_DAY + 1,
    // A day that is over (while it runs: SEARCH_CANDIDATES_PER_DAY + 1).
    search: SEARCHES_PER_DAY + 1,
    search_empty: SEARCHES_PER_DAY + 1,
  };
}

const VIDEO_PAGE = new RegExp(`^${watchPath('')}(${VIDEO_ID_SOURCE})$`);

/** The video id of a watch page path (`/videos/{id}`), or undefined. */
export function videoOfPath(path: string): string | undefined {
  return VIDEO_PAGE.exec(path)?.[1];
}

/** The dashboard's paths: their page views are not counted at all. */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`);
}

/** The `dim` of a `page` row: `/`, the watch page of a stored video, or OTHER for any other path. */
export function pageDim(path: string, storedVideos: ReadonlySet<string>): string {
  if (path === '/') return path;
  const id = videoOfPath(path);
  return id !== undefined && storedVideos.has(id) ? path : OTHER;
}

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
  ROLLUP.search,
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
