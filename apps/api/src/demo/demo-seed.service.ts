import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalyticsStoreService } from '../analytics/analytics-store.service';
import { utcDay } from '../analytics/analytics-math';
import { ChannelService } from '../channel/channel.service';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { PlaylistsService } from '../playlists/playlists.service';
import { VideosService } from '../videos/videos.service';
import { buildDemoContent } from './demo-content';

/** Seeds the demo channel once, on the first start of an empty database. A real sync replaces it. */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoSeedService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly channel: ChannelService,
    private readonly videos: VideosService,
    private readonly playlists: PlaylistsService,
    private readonly analytics: AnalyticsStoreService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.SEED_DEMO_CONTENT) return;
    const seeded = await this.seedIfEmpty().catch(async (error: Error) => {
      // Another API process may have seeded at the same moment: only a real failure matters.
      if (await this.channel.exists()) return false;
      throw error;
    });
    if (seeded) this.logger.log('Seeded the demo channel (sync from YouTube to replace it)');
  }

  async seedIfEmpty(): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (await this.channel.exists(manager)) return false;
      const demo = buildDemoContent(new Date(this.clock.now()));
      await this.channel.insert(manager, {
        title: demo.channel.title,
        handle: demo.channel.handle,
        description: demo.channel.description,
        subscriberCount: demo.channel.subscriberCount,
        videoCount: demo.videos.length,
        viewCount: demo.channel.viewCount,
        isDemo: true,
      });
      await this.videos.insert(
        manager,
        demo.videos.map((v, i) => ({ ...v, featured: i === 0 })),
      );
      await this.playlists.insert(
        manager,
        demo.playlists.map((p) => ({ ...p, pinned: p.position < 2 })),
      );
      await this.playlists.insertItems(manager, demo.playlistItems);
      await this.analytics.seedDemoHistory(
        manager,
        utcDay(this.clock.now()),
        demo.videos.map((v) => v.id),
        demo.playlists.map((p) => p.id),
      );
      return true;
    });
  }
}
