import type { Playlist } from '@app/contracts';
import type { PlaylistEntity } from './playlist.entity';

export function toPlaylist(entity: PlaylistEntity): Playlist {
  return {
    id: entity.id,
    title: entity.title,
    thumbnail: entity.thumbnail,
    videoCount: entity.videoCount,
    pinned: entity.pinned,
  };
}
