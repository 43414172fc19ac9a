import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChannelEntity } from '../channel/channel.entity';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { PlaylistEntity } from '../playlists/playlist.entity';
import { VideoEntity } from '../videos/video.entity';
import { buildDemoContent } from './demo-content';

/** Seeds the demo channel once, on the first start of an empty database. A real sync replaces it. */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoSeedService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.SEED_DEMO_CONTENT) return;
    const seeded = await this.seedIfEmpty().catch(async (error: Error) => {
      // Another API process may have seeded at the same moment: only a real failure matters.
      if (await this.dataSource.getRepository(ChannelEntity).exist()) return false;
      throw error;
    });
    if (seeded) this.logger.log('Seeded the demo channel (sync from YouTube to replace it)');
  }

  async seedIfEmpty(): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (await manager.getRepository(ChannelEntity).exist()) return false;
      const demo = buildDemoContent(new Date(this.clock.now()));
      await manager.getRepository(ChannelEntity).insert({
        id: ChannelEntity.SINGLETON_ID,
        title: demo.channel.title,
        handle: demo.channel.handle,
        description: demo.channel.description,
        subscriberCount: demo.channel.subscriberCount,
        videoCount: demo.videos.length,
        viewCount: demo.channel.viewCount,
        isDemo: true,
      });
      await manager
        .getRepository(VideoEntity)
        .insert(demo.videos.map((v, i) => ({ ...v, featured: i === 0 })));
      await manager
        .getRepository(PlaylistEntity)
        .insert(demo.playlists.map((p) => ({ ...p, pinned: p.position < 2 })));
      return true;
    });
  }
}
