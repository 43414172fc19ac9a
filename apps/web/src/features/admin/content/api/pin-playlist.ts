import type { Playlist } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { playlistsQueryOptions } from '../../../playlists/api/get-playlists';

export function pinPlaylist(id: string, pinned: boolean): Promise<Playlist> {
  return apiRequest('POST', apiPaths.playlistPin(id), { pinned }).then((res) => readJson<Playlist>(res));
}

/** Pins or unpins a playlist; the playlists reload. */
export function usePinPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => pinPlaylist(id, pinned),
    onSuccess: (playlist) => {
      replaceToast({
        title: 'Playlist updated',
        description: `${playlist.title} is ${playlist.pinned ? 'pinned' : 'no longer pinned'}`,
      });
    },
    onError: (error) => {
      replaceToast({
        title: 'Failed to update playlist',
        description: error.message,
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistsQueryOptions().queryKey }),
  });
}
