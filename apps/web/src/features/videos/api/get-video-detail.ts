import type { VideoDetail } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl, readJson, throwIfNotOk } from '../../../lib/api-client';

/** `GET /api/videos/{id}`: what a watch page shows, or `null` for a video the site does not have (404). */
export async function getVideoDetail(id: string, signal?: AbortSignal): Promise<VideoDetail | null> {
  const res = await fetch(apiUrl(apiPaths.video(id)), { credentials: 'include', signal });
  if (res.status === 404) return null;
  await throwIfNotOk(res);
  return readJson<VideoDetail>(res);
}

export const videoDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.videos, id, 'detail'],
    queryFn: ({ signal }) => getVideoDetail(id, signal),
  });

export function useVideoDetail(id: string) {
  return useQuery(videoDetailQueryOptions(id));
}
