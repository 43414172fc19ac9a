import type { Playlist, SiteImage } from '@app/contracts';
import type { PlaylistEntity } from './playlist.entity';

/** A playlist as the API answers it, with the site's own copy of its thumbnail (null: none yet). */
export function toPlaylist(entity: PlaylistEntity, image: SiteImage | null): Playlist {
  return {
    id: entity.id,
    title: entity.title,
    thumbnail: entity.thumbnail,
    image,
    videoCount: entity.videoCount,
    pinned: entity.pinned,
  };
}
