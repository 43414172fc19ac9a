import type { Video } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const FEATURED_VIDEO_PATH = '/api/videos/featured';

/** The featured video, or `null` when the admin has not chosen one. */
export function getFeaturedVideo(signal?: AbortSignal): Promise<Video | null> {
  return getJson<Video | null>(FEATURED_VIDEO_PATH, { signal });
}

export const featuredVideoQueryOptions = () =>
  queryOptions({
    queryKey: [FEATURED_VIDEO_PATH],
    queryFn: ({ signal }) => getFeaturedVideo(signal),
  });

export function useFeaturedVideo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...featuredVideoQueryOptions(), enabled });
}
