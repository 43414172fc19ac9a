import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AnalyticsStoreService } from '../analytics/analytics-store.service';
import { type ChannelRow, ChannelService } from '../channel/channel.service';
import { type PlaylistRow, PlaylistsService } from '../playlists/playlists.service';
import { type VideoRow, VideosService } from '../videos/videos.service';
import { LiveCheckService } from './live-check.service';
import type { LiveStreamEntity } from './live-stream.entity';

export interface SyncData {
  channel: ChannelRow;
  videos: VideoRow[];
  playlists: PlaylistRow[];
  /** The streams among the videos (`toLiveStreamRows`): `live_stream` becomes them. Absent: left as it is. */
  streams?: LiveStreamEntity[];
  /** The video ids each playlist holds, in its order. Absent: left as they are. */
  playlistItems?: { playlistId: string; videoIds: string[] }[];
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

/**
 * Writes one sync in one transaction: the channel row, then videos and playlists as a diff against what is
 * stored, and the times of ended streams (each by the module that owns the table; `featured` and `pinned` survive on existing rows). `guard`
 * runs last, inside the transaction: when it throws, nothing of the sync is kept.
 */
@Injectable()
export class SyncStoreService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly channel: ChannelService,
    private readonly videos: VideosService,
    private readonly playlists: PlaylistsService,
    private readonly analytics: AnalyticsStoreService,
    private readonly live: LiveCheckService,
  ) {}

  apply(data: SyncData, guard: (manager: EntityManager) => Promise<void>): Promise<AppliedSync> {
    return this.dataSource.transaction(async (manager) => {
      const previous = await this.channel.find(manager);
      const firstSync =
        !previous || previous.isDemo || previous.youtubeChannelId !== data.channel.youtubeChannelId;

      // The demo's site history (and anything counted on the demo site) goes with the demo channel.
      if (previous?.isDemo) await this.analytics.deleteAll(manager);
      await this.channel.save(manager, data.channel);
      const videos = await this.videos.replaceFromSync(manager, data.videos);
      const playlists = await this.playlists.replaceFromSync(manager, data.playlists);
      if (data.streams) await this.live.storeFromSync(manager, data.streams);
      if (data.playlistItems) await this.playlists.replaceItemsFromSync(manager, data.playlistItems);
      await guard(manager);

      return {
        videos: data.videos.length,
        playlists: data.playlists.length,
        added: videos.added.length + playlists.added.length,
        updated: videos.updated + playlists.updated,
        removed: videos.removed + playlists.removed,
        newVideos: firstSync ? [] : videos.added,
        firstSync,
      };
    });
  }
}
