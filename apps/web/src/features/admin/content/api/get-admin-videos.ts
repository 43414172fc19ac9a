import { queryOptions, useQuery } from '@tanstack/react-query';
import { featuredVideoQueryOptions } from '../../../videos/api/get-featured-video';
import { getVideos, VIDEOS_PATH } from '../../../videos/api/get-videos';

/** The featured-video card lists the first 10 videos. */
export const ADMIN_VIDEO_LIMIT = 10;

/** Every video list's key starts with the path, so this prefix reloads them all (the public grid too). */
export const videoListsKey = [VIDEOS_PATH] as const;

/** The featured video as the public page reads it. */
export const featuredVideoKey = featuredVideoQueryOptions().queryKey;

/** The newest 10 videos with the total count (`X-Total-Count`) for the counters. */
export const adminVideosQueryOptions = () =>
  queryOptions({
    queryKey: [VIDEOS_PATH, { sort: 'recent', limit: ADMIN_VIDEO_LIMIT }],
    queryFn: ({ signal }) => getVideos({ sort: 'recent', limit: ADMIN_VIDEO_LIMIT }, signal),
  });

export function useAdminVideos() {
  return useQuery(adminVideosQueryOptions());
}
