import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, type ObjectLiteral } from 'typeorm';
import { ChannelEntity } from '../channel/channel.entity';
import { PlaylistEntity } from '../playlists/playlist.entity';
import { VideoEntity } from '../videos/video.entity';
import {
  type ChannelRow,
  PLAYLIST_DATA_COLUMNS,
  type PlaylistRow,
  VIDEO_DATA_COLUMNS,
  type VideoRow,
} from './youtube.mapper';

export interface SyncData {
  channel: ChannelRow;
  videos: VideoRow[];
  playlists: PlaylistRow[];
}

export interface AppliedSync {
  videos: number;
  playlists: number;
  added: number;
  updated: number;
  removed: number;
  /** Videos that were not stored before (empty on a first sync). */
  newVideos: VideoRow[];
  /** No real channel before (nothing, the demo, or another channel): nothing is "new" to announce. */
  firstSync: boolean;
}

/** Rows per INSERT/DELETE: well under SQLite's 32,766 bound parameters and MySQL's packet size. */
const CHUNK = 250;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  return a === b;
}

interface Diff<Row> {
  upserts: Row[];
  added: Row[];
  updated: number;
  removedIds: string[];
}

function diff<Row extends { id: string }>(
  incoming: Row[],
  existing: Map<string, ObjectLiteral>,
  columns: readonly (keyof Row)[],
): Diff<Row> {
  const added: Row[] = [];
  const upserts: Row[] = [];
  let updated = 0;
  for (const row of incoming) {
    const current = existing.get(row.id);
    if (!current) {
      added.push(row);
      upserts.push(row);
    } else if (columns.some((column) => !sameValue(row[column], current[column as string]))) {
      updated++;
      upserts.push(row);
    }
  }
  const incomingIds = new Set(incoming.map((row) => row.id));
  const removedIds = [...existing.keys()].filter((id) => !incomingIds.has(id));
  return { upserts, added, updated, removedIds };
}

/**
 * Writes one sync in one transaction: the channel row, then videos and playlists as a diff against what is
 * stored (inserts and changed rows in batches, removals deleted). `featured` and `pinned` are never written
 * for existing rows, so they survive; a removed featured video takes its flag with it. `guard` runs last,
 * inside the transaction: when it throws, nothing of the sync is kept.
 */
@Injectable()
export class SyncStoreService {
  constructor(private readonly dataSource: DataSource) {}

  apply(data: SyncData, guard: (manager: EntityManager) => Promise<void>): Promise<AppliedSync> {
    return this.dataSource.transaction(async (manager) => {
      const previous = await manager.findOneBy(ChannelEntity, { id: data.channel.id });
      const firstSync =
        !previous || previous.isDemo || previous.youtubeChannelId !== data.channel.youtubeChannelId;

      const storedVideos = await manager
        .getRepository(VideoEntity)
        .find({ select: ['id', ...VIDEO_DATA_COLUMNS] });
      const videos = diff(data.videos, new Map(storedVideos.map((v) => [v.id, v])), VIDEO_DATA_COLUMNS);
      const storedPlaylists = await manager
        .getRepository(PlaylistEntity)
        .find({ select: ['id', ...PLAYLIST_DATA_COLUMNS] });
      const playlists = diff(
        data.playlists,
        new Map(storedPlaylists.map((p) => [p.id, p])),
        PLAYLIST_DATA_COLUMNS,
      );

      await manager.getRepository(ChannelEntity).save(data.channel);
      await this.write(manager, VideoEntity, videos, VIDEO_DATA_COLUMNS, { featured: false });
      await this.write(manager, PlaylistEntity, playlists, PLAYLIST_DATA_COLUMNS, { pinned: false });
      await guard(manager);

      return {
        videos: data.videos.length,
        playlists: data.playlists.length,
        added: videos.added.length + playlists.added.length,
        updated: videos.updated + playlists.updated,
        removed: videos.removedIds.length + playlists.removedIds.length,
        newVideos: firstSync ? [] : videos.added,
        firstSync,
      };
    });
  }

  private async write<Row extends { id: string }>(
    manager: EntityManager,
    entity: typeof VideoEntity | typeof PlaylistEntity,
    change: Diff<Row>,
    columns: readonly string[],
    flagsOfNewRows: ObjectLiteral,
  ): Promise<void> {
    for (const ids of chunks(change.removedIds)) {
      await manager.delete(entity, { id: In(ids) });
    }
    for (const rows of chunks(change.upserts)) {
      await manager
        .createQueryBuilder()
        .insert()
        .into(entity)
        // The flag only matters for new rows: the update below leaves existing flags alone.
        .values(rows.map((row) => ({ ...flagsOfNewRows, ...row })))
        .orUpdate([...columns], ['id'])
        .updateEntity(false)
        .execute();
    }
  }
}
