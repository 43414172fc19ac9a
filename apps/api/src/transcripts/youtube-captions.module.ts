import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GoogleAccountModule } from '../google-account/google-account.module';
import { SettingsModule } from '../settings/settings.module';
import { VideosModule } from '../videos/videos.module';
import { YoutubeModule } from '../youtube/youtube.module';
import { TranscriptsModule } from './transcripts.module';
import { YoutubeCaptionStateEntity } from './youtube-caption-state.entity';
import { YoutubeCaptionVideoEntity } from './youtube-caption-video.entity';
import { YoutubeCaptionsController } from './youtube-captions.controller';
import { YoutubeCaptionsImporter } from './youtube-captions-importer';
import { YoutubeCaptionsScheduler } from './youtube-captions-scheduler';
import { YoutubeCaptionsStatusService } from './youtube-captions-status';
import { YoutubeCaptionsStore } from './youtube-captions-store';
import { YoutubeCaptionsSwitch } from './youtube-captions-switch';

/**
 * "Transcripts from YouTube" (docs/integrations/google-account.md): the channel's caption tracks read through the
 * connected Google account into TranscriptStore, within a daily budget of YouTube Data API units. Owns
 * `youtube_caption_state` and `youtube_caption_video`.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([YoutubeCaptionStateEntity, YoutubeCaptionVideoEntity]),
    TranscriptsModule,
    GoogleAccountModule,
    SettingsModule,
    VideosModule,
    YoutubeModule,
  ],
  controllers: [YoutubeCaptionsController],
  providers: [
    YoutubeCaptionsStore,
    YoutubeCaptionsImporter,
    YoutubeCaptionsScheduler,
    YoutubeCaptionsStatusService,
    YoutubeCaptionsSwitch,
  ],
})
export class YoutubeCaptionsModule {}
