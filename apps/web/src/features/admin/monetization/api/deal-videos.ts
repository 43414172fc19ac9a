import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { videoDetailQueryOptions } from '../../../videos/api/get-video-detail';
import { getVideos, VIDEOS_PATH } from '../../../videos/api/get-videos';

/** Videos the picker offers for a search (the newest first when it is empty). */
export const DEAL_VIDEO_OPTIONS = 20;

export const dealVideoSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [VIDEOS_PATH, { q, sort: 'recent', limit: DEAL_VIDEO_OPTIONS }],
    queryFn: ({ signal }) =>
      getVideos({ q: q || undefined, sort: 'recent', limit: DEAL_VIDEO_OPTIONS }, signal),
  });

/** The site's videos matching `q` (title or description), for the deal's video picker. */
export function useDealVideoSearch(q: string) {
  return useQuery({ ...dealVideoSearchQueryOptions(q), placeholderData: keepPreviousData });
}

/** The titles of the videos a deal names (each one's detail, as its watch page reads it). */
export function useVideoTitles(ids: readonly string[]): Map<string, string> {
  const details = useQueries({ queries: ids.map((id) => videoDetailQueryOptions(id)) });
  const titles = new Map<string, string>();
  details.forEach((detail, i) => {
    if (detail.data) titles.set(ids[i], detail.data.title);
  });
  return titles;
}
