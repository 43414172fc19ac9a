import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { deleteAll, insertChunked, replaceByDiff, type RowChanges } from '../database/bulk-writes';
import { PlaylistEntity } from './playlist.entity';

/** What a sync writes for a playlist; `pinned` is the site's own. */
export type PlaylistRow = Omit<PlaylistEntity, 'pinned'>;

/** Columns YouTube owns, updated on every sync (never `pinned`). */
export const PLAYLIST_DATA_COLUMNS = [
  'title',
  'thumbnail',
  'videoCount',
  'position',
] as const satisfies readonly (keyof PlaylistRow)[];

@Injectable()
export class PlaylistsService {
  constructor(@InjectRepository(PlaylistEntity) private readonly playlists: Repository<PlaylistEntity>) {}

  /** In the platform's order; the page puts pinned ones first. */
  list(): Promise<PlaylistEntity[]> {
    return this.playlists.find({ order: { position: 'ASC', id: 'ASC' } });
  }

  /** Pins or unpins; SPEC §4: the page says up to 6, but no limit is enforced. */
  async pin(id: string, pinned: boolean): Promise<PlaylistEntity> {
    const playlist = await this.playlists.findOneBy({ id });
    if (!playlist) throw new NotFoundException(`Playlist ${id} not found`);
    await this.playlists.update({ id }, { pinned });
    return { ...playlist, pinned };
  }

  /** A sync's rows, through its transaction, as for videos: `pinned` survives on existing playlists. */
  replaceFromSync(manager: EntityManager, rows: PlaylistRow[]): Promise<RowChanges<PlaylistRow>> {
    return replaceByDiff(manager, PlaylistEntity, rows, PLAYLIST_DATA_COLUMNS, { pinned: false });
  }

  /** Adds rows through the caller's transaction (a backup import, the demo seed). */
  insert(manager: EntityManager, rows: PlaylistEntity[]): Promise<void> {
    return insertChunked(manager, PlaylistEntity, rows);
  }

  deleteAll(manager: EntityManager): Promise<void> {
    return deleteAll(manager, PlaylistEntity);
  }
}
