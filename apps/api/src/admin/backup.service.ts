import { Injectable } from '@nestjs/common';
import { type Backup, BACKUP_SCHEMA_VERSION, backupSchema, type ImportResult } from '@app/contracts';
import { DataSource, type EntityManager, type ObjectLiteral } from 'typeorm';
import { ChannelEntity } from '../channel/channel.entity';
import { Clock } from '../common/clock';
import { parseOrThrow } from '../common/validation';
import { PlaylistEntity } from '../playlists/playlist.entity';
import { SettingsService } from '../settings/settings.service';
import { VideoEntity } from '../videos/video.entity';

/** Rows per INSERT: well under SQLite's and MySQL's bound-parameter limits. */
const CHUNK = 200;

async function insertChunked<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: new () => T,
  rows: T[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await manager.insert(entity, rows.slice(i, i + CHUNK));
}

@Injectable()
export class BackupService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** Channel, videos, playlists and every non-secret setting. */
  async export(): Promise<Backup> {
    const [channel, videos, playlists, settings] = await Promise.all([
      this.dataSource.getRepository(ChannelEntity).findOneBy({ id: ChannelEntity.SINGLETON_ID }),
      this.dataSource.getRepository(VideoEntity).find({ order: { publishedAt: 'DESC', id: 'ASC' } }),
      this.dataSource.getRepository(PlaylistEntity).find({ order: { position: 'ASC', id: 'ASC' } }),
      this.settings.exportable(),
    ]);
    return {
      schemaVersion: BACKUP_SCHEMA_VERSION,
      exportedAt: new Date(this.clock.now()).toISOString(),
      channel: channel && {
        title: channel.title,
        handle: channel.handle,
        description: channel.description,
        thumbnail: channel.thumbnail,
        youtubeChannelId: channel.youtubeChannelId,
        uploadsPlaylistId: channel.uploadsPlaylistId,
        subscriberCount: channel.subscriberCount,
        videoCount: channel.videoCount,
        viewCount: channel.viewCount,
        isDemo: channel.isDemo,
      },
      videos: videos.map((v) => ({
        id: v.id,
        title: v.title,
        description: v.description,
        thumbnail: v.thumbnail,
        duration: v.duration,
        durationSeconds: v.durationSeconds,
        viewCount: v.viewCount,
        publishedAt: v.publishedAt.toISOString(),
        featured: v.featured,
        kind: v.kind,
      })),
      playlists: playlists.map((p) => ({
        id: p.id,
        title: p.title,
        thumbnail: p.thumbnail,
        videoCount: p.videoCount,
        pinned: p.pinned,
        position: p.position,
      })),
      settings,
    };
  }

  /**
   * Validates the whole file first, then replaces channel, videos, playlists and settings in one
   * transaction: a bad file, or a failure half-way, changes nothing. Secrets stay as they are.
   */
  async import(raw: unknown): Promise<ImportResult> {
    const backup = parseOrThrow(backupSchema, raw);
    const settingsCount = Object.keys(this.settings.validateAll(backup.settings)).length;
    return this.dataSource.transaction(async (manager) => {
      for (const entity of [VideoEntity, PlaylistEntity, ChannelEntity]) {
        await manager.createQueryBuilder().delete().from(entity).execute();
      }
      if (backup.channel) {
        await manager.insert(ChannelEntity, { id: ChannelEntity.SINGLETON_ID, ...backup.channel });
      }
      await insertChunked(
        manager,
        VideoEntity,
        backup.videos.map((v) =>
          Object.assign(new VideoEntity(), v, { publishedAt: new Date(v.publishedAt) }),
        ),
      );
      await insertChunked(
        manager,
        PlaylistEntity,
        backup.playlists.map((p) => Object.assign(new PlaylistEntity(), p)),
      );
      await this.settings.replaceAll(backup.settings, manager);
      return { videos: backup.videos.length, playlists: backup.playlists.length, settings: settingsCount };
    });
  }
}
