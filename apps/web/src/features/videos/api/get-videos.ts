import type { Video, VideoSort } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { SHORTS_SHELF_SIZE, VIDEO_PAGE_SIZE } from '@app/contracts/limits';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl, throwIfNotOk } from '../../../lib/api-client';

export const VIDEOS_PATH = apiPaths.videos;
/** The grid shows this many videos (and skeletons) before View All; the API's page model gives as many. */
export { VIDEO_PAGE_SIZE };

export interface VideoListParams {
  q?: string;
  sort?: VideoSort;
  /** `kind` of the API: kinds, comma-separated (`videoKindQuery`); undefined for every kind. */
  kind?: string;
  limit: number;
  offset?: number;
}

export interface VideoPage {
  videos: Video[];
  /** Every match, from `X-Total-Count`. */
  total: number;
  offset: number;
  kind?: string;
}

export function videosUrl({ q, sort = 'recent', kind, limit, offset = 0 }: VideoListParams): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  params.set('sort', sort);
  if (kind) params.set('kind', kind);
  params.set('limit', String(limit));
  if (offset) params.set('offset', String(offset));
  return `${VIDEOS_PATH}?${params.toString()}`;
}

/** One page of `GET /api/videos` with its total. */
export async function getVideos(params: VideoListParams, signal?: AbortSignal): Promise<VideoPage> {
  const res = await fetch(apiUrl(videosUrl(params)), { credentials: 'include', signal });
  await throwIfNotOk(res);
  const videos = (await res.json()) as Video[];
  const header = Number(res.headers.get('X-Total-Count'));
  const total = Number.isFinite(header) && res.headers.get('X-Total-Count') !== null ? header : videos.length;
  return { videos, total, offset: params.offset ?? 0, kind: params.kind };
}

/** The newest videos of the grid before View All, of the kinds the filter shows. */
export const latestVideosQueryOptions = (kind?: string) =>
  queryOptions({
    queryKey: [VIDEOS_PATH, { sort: 'recent', kind, limit: VIDEO_PAGE_SIZE }],
    queryFn: ({ signal }) => getVideos({ sort: 'recent', kind, limit: VIDEO_PAGE_SIZE }, signal),
  });

export function useLatestVideos(kind?: string) {
  // The previous filter's videos stay until the next ones arrive (no skeleton flash on a filter change).
  return useQuery({ ...latestVideosQueryOptions(kind), placeholderData: keepPreviousData });
}

/** Shorts on the shelf (`showShortsShelf`); the API's page model gives as many. */
export { SHORTS_SHELF_SIZE };

/** The newest Shorts, for their shelf. */
export const shortsShelfQueryOptions = () =>
  queryOptions({
    queryKey: [VIDEOS_PATH, { sort: 'recent', kind: 'short', limit: SHORTS_SHELF_SIZE }],
    queryFn: ({ signal }) => getVideos({ sort: 'recent', kind: 'short', limit: SHORTS_SHELF_SIZE }, signal),
  });

export function useShortsShelf() {
  return useQuery(shortsShelfQueryOptions());
}

/** All matches of a search, sort and filter, a page at a time (View All). */
export const videoSearchQueryOptions = (q: string, sort: VideoSort, pageSize: number, kind?: string) =>
  infiniteQueryOptions({
    queryKey: [VIDEOS_PATH, { q, sort, kind, pageSize }],
    queryFn: ({ signal, pageParam }) =>
      getVideos({ q, sort, kind, limit: pageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.videos.length;
      return last.videos.length > 0 && next < last.total ? next : undefined;
    },
  });
