/**
 * The filters of the public video grid (issue 17), free of zod so that the public page can import them alone
 * (`@app/contracts/video-filters`). Each asks `GET /api/videos` for its kinds (`kind=live,upcoming`); the
 * hidden-Shorts setting takes `short` out of every list and the Shorts filter away.
 */
/**
 * What the sync tells apart (`kind` of a video); the zod schema in `video.ts` is built from this list. A
 * `replay` is a live stream that has ended (or a premiere that has aired: the Data API does not tell them apart).
 */
export const videoKinds = ['video', 'short', 'live', 'upcoming', 'replay'] as const;
export type VideoKind = (typeof videoKinds)[number];

export const videoFilterIds = ['all', 'videos', 'shorts', 'live'] as const;
export type VideoFilterId = (typeof videoFilterIds)[number];

export interface VideoFilter {
  id: VideoFilterId;
  label: string;
  /** The kinds it shows; null: every kind. */
  kinds: readonly VideoKind[] | null;
  /** Shown when it matches nothing (All keeps SPEC's text). */
  empty: string;
}

export const VIDEO_FILTERS: readonly VideoFilter[] = [
  { id: 'all', label: 'All', kinds: null, empty: 'No videos available. Check back soon!' },
  { id: 'videos', label: 'Videos', kinds: ['video'], empty: 'No videos yet.' },
  { id: 'shorts', label: 'Shorts', kinds: ['short'], empty: 'No Shorts yet.' },
  {
    id: 'live',
    label: 'Live and replays',
    kinds: ['live', 'upcoming', 'replay'],
    empty: 'No live streams yet.',
  },
];

/** The filters a visitor may pick: without Shorts when the site hides them. */
export function videoFiltersFor(hideShorts: boolean): readonly VideoFilter[] {
  return hideShorts ? VIDEO_FILTERS.filter((filter) => filter.id !== 'shorts') : VIDEO_FILTERS;
}

/** The `kind` query value of a filter, or undefined for every kind. */
export function videoKindQuery(filter: VideoFilterId, hideShorts: boolean): string | undefined {
  const picked = videoFiltersFor(hideShorts).find((f) => f.id === filter) ?? VIDEO_FILTERS[0];
  const kinds = hideShorts ? (picked.kinds ?? videoKinds).filter((kind) => kind !== 'short') : picked.kinds;
  return kinds ? kinds.join(',') : undefined;
}
