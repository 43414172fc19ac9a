import type { Playlist } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export function getPlaylists(signal?: AbortSignal): Promise<Playlist[]> {
  return getJson<Playlist[]>(apiPaths.playlists, { signal });
}

export const playlistsQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.playlists],
    queryFn: ({ signal }) => getPlaylists(signal),
  });

export function usePlaylists({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...playlistsQueryOptions(), enabled });
}
