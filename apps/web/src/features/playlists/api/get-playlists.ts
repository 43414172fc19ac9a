import type { Playlist } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const PLAYLISTS_PATH = '/api/playlists';

export function getPlaylists(signal?: AbortSignal): Promise<Playlist[]> {
  return getJson<Playlist[]>(PLAYLISTS_PATH, { signal });
}

export const playlistsQueryOptions = () =>
  queryOptions({
    queryKey: [PLAYLISTS_PATH],
    queryFn: ({ signal }) => getPlaylists(signal),
  });

export function usePlaylists({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...playlistsQueryOptions(), enabled });
}
