import { Injectable, Logger } from '@nestjs/common';
import {
  type Backup,
  BACKUP_NOTE,
  BACKUP_SCHEMA_VERSION,
  backupSchema,
  type ImportResult,
} from '@app/contracts';
import { DataSource } from 'typeorm';
import { ChannelService } from '../channel/channel.service';
import { Clock } from '../common/clock';
import { parseOrThrow } from '../common/validation';
import { ImageRefreshService } from '../images/image-refresh.service';
import { PlaylistsService } from '../playlists/playlists.service';
import { SettingsService } from '../settings/settings.service';
import { SponsorshipsService } from '../sponsorships/sponsorships.service';
import { VideosService } from '../videos/videos.service';

/**
 * The JSON backup: the content and the settings, without secrets and without the site's own copies of the images
 * (they are fetched again after an import, as after a sync: `note` says so in the file).
 */
@Injectable()
export class BackupService {
  private readonly logger = new Logger(BackupService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly channel: ChannelService,
    private readonly videos: VideosService,
    private readonly playlists: PlaylistsService,
    private readonly settings: SettingsService,
    private readonly sponsorships: SponsorshipsService,
    private readonly clock: Clock,
    private readonly images: ImageRefreshService,
  ) {}

  /** Channel, videos, playlists, every non-secret setting and the sponsorship deals. */
  async export(): Promise<Backup> {
    const [channel, videos, playlists, items, settings, sponsorships] = await Promise.all([
      this.channel.find(),
      this.videos.recent(),
      this.playlists.list(),
      this.playlists.itemsByPlaylist(),
      this.settings.exportable(),
      this.sponsorships.backup(),
    ]);
    return {
      schemaVersion: BACKUP_SCHEMA_VERSION,
      exportedAt: new Date(this.clock.now()).toISOString(),
      note: BACKUP_NOTE,
      channel: channel && {
        title: channel.title,
        handle: channel.handle,
        description: channel.description,
        thumbnail: channel.thumbnail,
        banner: channel.banner,
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
        ...(items.has(p.id) ? { videoIds: items.get(p.id) } : {}),
      })),
      settings,
      sponsorships,
    };
  }

  /**
   * Validates the whole file first, then replaces channel, videos, playlists, settings and deals in one
   * transaction: a bad file, or a failure half-way, changes nothing. Secrets stay as they are. Then the images
   * are brought in line with the new content: the ones it no longer has go, the others are fetched (in the background).
   */
  async import(raw: unknown): Promise<ImportResult> {
    const backup = parseOrThrow(backupSchema, raw);
    const settingsCount = Object.keys(this.settings.validateAll(backup.settings)).length;
    const result = await this.dataSource.transaction(async (manager) => {
      await this.videos.deleteAll(manager);
      await this.playlists.deleteAll(manager);
      await this.channel.deleteAll(manager);
      if (backup.channel) await this.channel.insert(manager, backup.channel);
      await this.videos.insert(
        manager,
        backup.videos.map((v) => ({ ...v, publishedAt: new Date(v.publishedAt) })),
      );
      await this.playlists.insert(
        manager,
        backup.playlists.map(({ videoIds: _held, ...playlist }) => playlist),
      );
      await this.playlists.insertItems(
        manager,
        backup.playlists.map((p) => ({ playlistId: p.id, videoIds: p.videoIds ?? [] })),
      );
      await this.settings.replaceAll(backup.settings, manager);
      // An older file has no deals: they stay as they are.
      if (backup.sponsorships) await this.sponsorships.replaceAll(manager, backup.sponsorships);
      return { videos: backup.videos.length, playlists: backup.playlists.length, settings: settingsCount };
    });
    await this.images
      .refresh()
      .catch((error: Error) => this.logger.error(`Refreshing the images after an import: ${error.message}`));
    return result;
  }
}
