import type { Video } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** The featured video, or `null` when the admin has not chosen one. */
export function getFeaturedVideo(signal?: AbortSignal): Promise<Video | null> {
  return getJson<Video | null>(apiPaths.featuredVideo, { signal });
}

export const featuredVideoQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.featuredVideo],
    queryFn: ({ signal }) => getFeaturedVideo(signal),
  });

export function useFeaturedVideo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...featuredVideoQueryOptions(), enabled });
}
