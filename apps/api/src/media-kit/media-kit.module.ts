import { Module } from '@nestjs/common';
import { ChannelModule } from '../channel/channel.module';
import { SettingsModule } from '../settings/settings.module';
import { VideosModule } from '../videos/videos.module';
import { YoutubeAnalyticsModule } from '../youtube-analytics/youtube-analytics.module';
import { YoutubeModule } from '../youtube/youtube.module';
import { MediaKitService } from './media-kit.service';

/** The media kit's figures for the page model (`/media-kit`); no table of its own. */
@Module({
  imports: [SettingsModule, ChannelModule, VideosModule, YoutubeModule, YoutubeAnalyticsModule],
  providers: [MediaKitService],
  exports: [MediaKitService],
})
export class MediaKitModule {}
