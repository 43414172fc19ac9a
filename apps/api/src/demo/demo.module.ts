import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { ChannelModule } from '../channel/channel.module';
import { ImageRefreshModule } from '../images/image-refresh.module';
import { PlaylistsModule } from '../playlists/playlists.module';
import { TranscriptsModule } from '../transcripts/transcripts.module';
import { VideosModule } from '../videos/videos.module';
import { YoutubeModule } from '../youtube/youtube.module';
import { DemoController } from './demo.controller';
import { DemoSeedService } from './demo-seed.service';
import { DemoTranscriptsService } from './demo-transcripts.service';

@Module({
  imports: [
    ChannelModule,
    VideosModule,
    PlaylistsModule,
    AnalyticsModule,
    ImageRefreshModule,
    TranscriptsModule,
    YoutubeModule,
  ],
  controllers: [DemoController],
  providers: [DemoSeedService, DemoTranscriptsService],
})
export class DemoModule {}
