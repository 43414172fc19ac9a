import type { Video } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client';

export const VIDEOS_PATH = '/api/videos';
export const FEATURED_VIDEO_PATH = '/api/videos/featured';
/** SPEC §4: the featured-video card lists the first 10 videos. */
export const ADMIN_VIDEO_LIMIT = 10;

export interface VideoPage {
  videos: Video[];
  /** Every video the site has (`X-Total-Count`). */
  total: number;
}

export async function getVideoPage(limit: number, signal?: AbortSignal): Promise<VideoPage> {
  const res = await apiRequest('GET', `${VIDEOS_PATH}?limit=${limit}`, undefined, signal);
  const videos = await readJson<Video[]>(res);
  const total = Number(res.headers.get('X-Total-Count'));
  return { videos, total: Number.isFinite(total) ? total : videos.length };
}

/** Keys of every video list start with the path, so one prefix reloads them all. */
export const videoListsKey = [VIDEOS_PATH] as const;

export const adminVideosQueryOptions = () =>
  queryOptions({
    queryKey: [VIDEOS_PATH, { limit: ADMIN_VIDEO_LIMIT }],
    queryFn: ({ signal }) => getVideoPage(ADMIN_VIDEO_LIMIT, signal),
  });

export function useAdminVideos() {
  return useQuery(adminVideosQueryOptions());
}

/** The featured video as the public page reads it (SPEC §7 default loader: the key is the path). */
export const featuredVideoKey = [FEATURED_VIDEO_PATH] as const;
