import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalyticsUpkeepService } from '../analytics/analytics-upkeep.service';
import { utcDay } from '../analytics/analytics-math';
import { ChannelService } from '../channel/channel.service';
import { Clock } from '../common/clock';
import { ImageMirrorService } from '../images/image-mirror.service';
import { ImageRefreshService } from '../images/image-refresh.service';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { PlaylistsService } from '../playlists/playlists.service';
import { VideosService } from '../videos/videos.service';
import { buildDemoContent, DEMO_MISSING_MAXRES_VIDEO_ID, type DemoContent } from './demo-content';
import { DemoTranscriptsService } from './demo-transcripts.service';

/** Why the demo video without a thumbnail has no image (the dashboard's missing images list says it). */
export const DEMO_MISSING_IMAGE_REASON =
  'demo content: this video has no image on purpose, so its pages show the placeholder in its place';

/**
 * Seeds the demo channel once, on the first start of an empty database. A real sync replaces it. Its images take
 * the path a real channel's do (the image table, the variants, the store, `/images/…`), drawn by the site itself
 * (demo-images.ts) instead of fetched: the demo runs without any network.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoSeedService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly channel: ChannelService,
    private readonly videos: VideosService,
    private readonly playlists: PlaylistsService,
    private readonly analytics: AnalyticsUpkeepService,
    private readonly images: ImageRefreshService,
    private readonly mirror: ImageMirrorService,
    private readonly transcripts: DemoTranscriptsService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.SEED_DEMO_CONTENT) {
      const seeded = await this.seedIfEmpty().catch(async (error: Error) => {
        // Another API process may have seeded at the same moment: only a real failure matters.
        if (await this.channel.exists()) return false;
        throw error;
      });
      if (seeded) this.logger.log('Seeded the demo channel (sync from YouTube to replace it)');
    }
    await this.demoImages();
  }

  /**
   * While the site shows the demo, its images are in the image table (a demo seeded before the site had images of
   * its own gets them at the next start). Cheap when they are: no image is made until a page asks for it.
   */
  private async demoImages(): Promise<void> {
    if (!(await this.channel.find())?.isDemo) return;
    const { thumbnail } = (await this.videos.findById(DEMO_MISSING_MAXRES_VIDEO_ID)) ?? {};
    if (thumbnail) {
      await this.mirror.noteMissing(
        { kind: 'video', ref: DEMO_MISSING_MAXRES_VIDEO_ID, sourceUrl: thumbnail },
        DEMO_MISSING_IMAGE_REASON,
      );
    }
    await this.images.refresh();
  }

  /** The demo channel and its transcripts (after it: their store writes in a transaction of its own). */
  async seedIfEmpty(): Promise<boolean> {
    const seeded = await this.seedChannel();
    if (seeded) await this.transcripts.seed(seeded);
    return seeded !== null;
  }

  private async seedChannel(): Promise<DemoContent['videos'] | null> {
    return this.dataSource.transaction(async (manager) => {
      if (await this.channel.exists(manager)) return null;
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
      return demo.videos;
    });
  }
}
