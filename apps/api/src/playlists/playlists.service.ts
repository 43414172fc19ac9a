import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, Not, type Repository } from 'typeorm';
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

  /** Every playlist's id and thumbnail URL: what the site's own images are made from. */
  imageSources(): Promise<Pick<PlaylistEntity, 'id' | 'thumbnail'>[]> {
    return this.playlists.find({ select: { id: true, thumbnail: true } });
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

  /** Pins or unpins; the page says up to 6, but no limit is enforced. */
  async pin(id: string, pinned: boolean): Promise<PlaylistEntity> {
    const playlist = await this.playlists.findOneBy({ id });
    if (!playlist) throw new NotFoundException(`Playlist ${id} not found`);
    await this.playlists.update({ id }, { pinned });
    return { ...playlist, pinned };
  }

  /**
   * A sync's rows, through its transaction, as for videos: `pinned` survives on existing playlists. What a
   * removed playlist held goes with it.
   */
  async replaceFromSync(manager: EntityManager, rows: PlaylistRow[]): Promise<RowChanges<PlaylistRow>> {
    const changes = await replaceByDiff(manager, PlaylistEntity, rows, PLAYLIST_DATA_COLUMNS, {
      pinned: false,
    });
    if (changes.removed > 0) {
      const items = manager.getRepository(PlaylistVideoEntity);
      if (rows.length === 0) await deleteAll(manager, PlaylistVideoEntity);
      else await items.delete({ playlistId: Not(In(rows.map((row) => row.id))) });
    }
    return changes;
  }

  /**
   * A sync's word on what each playlist holds (`contents`: every playlist that holds anything), through its
   * transaction, as a diff: nothing is written when nothing changed, so the public caches stay valid.
   */
  async replaceItemsFromSync(
    manager: EntityManager,
    contents: { playlistId: string; videoIds: string[] }[],
  ): Promise<void> {
    const repo = manager.getRepository(PlaylistVideoEntity);
    const key = (row: { playlistId: string; videoId: string }) => `${row.playlistId}\u0000${row.videoId}`;
    const wanted = new Map(
      contents.flatMap(({ playlistId, videoIds }) =>
        [...new Set(videoIds)].map(
          (videoId, position) => [key({ playlistId, videoId }), { playlistId, videoId, position }] as const,
        ),
      ),
    );
    const stored = new Map((await repo.find()).map((row) => [key(row), row]));
    const gone = new Map<string, string[]>();
    for (const [k, row] of stored) {
      if (!wanted.has(k)) gone.set(row.playlistId, [...(gone.get(row.playlistId) ?? []), row.videoId]);
    }
    for (const [playlistId, videoIds] of gone) {
      for (let i = 0; i < videoIds.length; i += 500) {
        await repo.delete({ playlistId, videoId: In(videoIds.slice(i, i + 500)) });
      }
    }
    const added: PlaylistVideoEntity[] = [];
    for (const [k, row] of wanted) {
      const old = stored.get(k);
      if (!old) added.push(row);
      else if (old.position !== row.position) {
        await repo.update({ playlistId: row.playlistId, videoId: row.videoId }, { position: row.position });
      }
    }
    await insertChunked(manager, PlaylistVideoEntity, added);
  }

  /** What each playlist holds, in its order (a backup). */
  async itemsByPlaylist(): Promise<Map<string, string[]>> {
    const rows = await this.items.find({ order: { playlistId: 'ASC', position: 'ASC', videoId: 'ASC' } });
    const byPlaylist = new Map<string, string[]>();
    for (const row of rows)
      byPlaylist.set(row.playlistId, [...(byPlaylist.get(row.playlistId) ?? []), row.videoId]);
    return byPlaylist;
  }

  /**
   * Adds what playlists hold, each in the order given, through the caller's transaction (the demo seed, a
   * backup import), after `deleteAll`.
   */
  insertItems(manager: EntityManager, contents: { playlistId: string; videoIds: string[] }[]): Promise<void> {
    const rows = contents.flatMap(({ playlistId, videoIds }) =>
      [...new Set(videoIds)].map((videoId, position) => ({ playlistId, videoId, position })),
    );
    return insertChunked(manager, PlaylistVideoEntity, rows);
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
