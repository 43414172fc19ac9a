import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ChannelService } from '../channel/channel.service';
import { TranscriptStore } from '../transcripts/transcript-store.service';
import { VideosService } from '../videos/videos.service';
import { SyncService } from '../youtube/sync.service';
import type { DemoVideo } from './demo-content';
import { DEMO_TRANSCRIPT_VIDEO_IDS, demoTranscripts } from './demo-transcripts';

/**
 * The demo's transcripts (demo-transcripts.ts): stored with the demo channel, and gone with its videos once a sync
 * replaced it (a sync removes the videos it does not list, and their transcripts would stay behind otherwise).
 */
@Injectable()
export class DemoTranscriptsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoTranscriptsService.name);

  constructor(
    private readonly channel: ChannelService,
    private readonly videos: VideosService,
    private readonly transcripts: TranscriptStore,
    private readonly sync: SyncService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.sync.afterSync(
      () =>
        void this.dropReplaced().catch((error: Error) =>
          this.logger.error(`The demo's transcripts were not removed: ${error.message}`),
        ),
    );
    await this.dropReplaced();
  }

  /** Stores the transcripts of the demo's videos (each through the store, a transaction of its own). */
  async seed(videos: readonly DemoVideo[]): Promise<void> {
    for (const { videoId, key, name, cues } of demoTranscripts(videos))
      await this.transcripts.replace(videoId, key, cues, { name });
  }

  /** Once the site's channel is no longer the demo, removes the transcripts of the demo's videos it no longer has. */
  async dropReplaced(): Promise<void> {
    const channel = await this.channel.find();
    if (!channel || channel.isDemo) return;
    for (const id of DEMO_TRANSCRIPT_VIDEO_IDS)
      if (!(await this.videos.findById(id))) await this.transcripts.remove(id);
  }
}
