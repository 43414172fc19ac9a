import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import { deleteAll, insertChunked, replaceByDiff, type RowChanges } from '../database/bulk-writes';
import { PlaylistVideoEntity } from './playlist-video.entity';
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
  constructor(
    @InjectRepository(PlaylistEntity) private readonly playlists: Repository<PlaylistEntity>,
    @InjectRepository(PlaylistVideoEntity) private readonly items: Repository<PlaylistVideoEntity>,
  ) {}

  /** In the platform's order; the page puts pinned ones first. */
  list(): Promise<PlaylistEntity[]> {
    return this.playlists.find({ order: { position: 'ASC', id: 'ASC' } });
  }

  /** The playlists that hold a video, in the platform's order. */
  async holding(videoId: string): Promise<PlaylistEntity[]> {
    const ids = (await this.items.find({ select: { playlistId: true }, where: { videoId } })).map(
      (item) => item.playlistId,
    );
    if (ids.length === 0) return [];
    return this.playlists.find({ where: { id: In(ids) }, order: { position: 'ASC', id: 'ASC' } });
  }

  /** The videos these playlists hold, each once: the first playlist's in its order, then the next one's. */
  async videoIdsIn(playlistIds: string[]): Promise<string[]> {
    if (playlistIds.length === 0) return [];
    const rows = await this.items.find({
      select: { playlistId: true, videoId: true },
      where: { playlistId: In(playlistIds) },
      order: { position: 'ASC', videoId: 'ASC' },
    });
    const rank = new Map(playlistIds.map((id, i) => [id, i]));
    rows.sort((a, b) => (rank.get(a.playlistId) ?? 0) - (rank.get(b.playlistId) ?? 0));
    return [...new Set(rows.map((row) => row.videoId))];
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

  /**
   * Replaces which videos the given playlists hold, through the caller's transaction (a sync, the demo seed):
   * each listed playlist's items become `videoIds` in that order; items of playlists that no longer exist go.
   */
  async replaceItems(
    manager: EntityManager,
    contents: { playlistId: string; videoIds: string[] }[],
  ): Promise<void> {
    await deleteAll(manager, PlaylistVideoEntity);
    const rows = contents.flatMap(({ playlistId, videoIds }) =>
      [...new Set(videoIds)].map((videoId, position) => ({ playlistId, videoId, position })),
    );
    await insertChunked(manager, PlaylistVideoEntity, rows);
  }

  /** Adds rows through the caller's transaction (a backup import, the demo seed). */
  insert(manager: EntityManager, rows: PlaylistEntity[]): Promise<void> {
    return insertChunked(manager, PlaylistEntity, rows);
  }

  /** Every playlist and what it holds. */
  async deleteAll(manager: EntityManager): Promise<void> {
    await deleteAll(manager, PlaylistVideoEntity);
    await deleteAll(manager, PlaylistEntity);
  }
}
