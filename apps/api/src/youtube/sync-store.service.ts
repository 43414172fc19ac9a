import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AnalyticsUpkeepService } from '../analytics/analytics-upkeep.service';
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
  /**
   * Feed mode (issue 24): `videos` are only the newest ones and the channel row has no statistics. For the
   * channel already stored, the other videos, the playlists and the channel's statistics stay; the first
   * time (after the demo or another channel) the feed's videos replace everything.
   */
  newestOnly?: boolean;
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
    private readonly analytics: AnalyticsUpkeepService,
    private readonly live: LiveCheckService,
  ) {}

  apply(data: SyncData, guard: (manager: EntityManager) => Promise<void>): Promise<AppliedSync> {
    return this.dataSource.transaction(async (manager) => {
      const previous = await this.channel.find(manager);
      const firstSync =
        !previous || previous.isDemo || previous.youtubeChannelId !== data.channel.youtubeChannelId;

      // The demo's site history (and anything counted on the demo site) goes with the demo channel.
      if (previous?.isDemo) await this.analytics.deleteAll(manager);
      const merge = Boolean(data.newestOnly && previous && !firstSync);
      if (merge && previous) {
        const { id: _id, updatedAt: _updatedAt, ...kept } = previous;
        await this.channel.save(manager, { ...kept, title: data.channel.title });
      } else {
        await this.channel.save(manager, data.channel);
      }
      const videos = merge
        ? await this.videos.mergeFromFeed(manager, data.videos)
        : await this.videos.replaceFromSync(manager, data.videos);
      const playlists = merge
        ? { added: [], updated: 0, removed: 0 }
        : await this.playlists.replaceFromSync(manager, data.playlists);
      if (data.streams) await this.live.storeFromSync(manager, data.streams);
      if (data.playlistItems && !merge)
        await this.playlists.replaceItemsFromSync(manager, data.playlistItems);
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
