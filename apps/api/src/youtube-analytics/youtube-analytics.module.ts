import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/analytics.module';
import { GoogleAccountModule } from '../google-account/google-account.module';
import { VideosModule } from '../videos/videos.module';
import { YoutubeModule } from '../youtube/youtube.module';
import { BreakdownReports } from './breakdown-reports';
import { ChannelReports } from './channel-reports';
import { ReportFrames } from './report-frame';
import { YoutubeAnalyticsController } from './youtube-analytics.controller';
import { YoutubeAnalyticsImporter } from './youtube-analytics-importer';
import { YoutubeAnalyticsReader } from './youtube-analytics-reader';
import { YoutubeAnalyticsRows } from './youtube-analytics-rows';
import { YoutubeAnalyticsScheduler } from './youtube-analytics-scheduler';
import { YoutubeAnalyticsStatusService } from './youtube-analytics-status';
import { YoutubeAnalyticsStore } from './youtube-analytics-store';
import { YoutubeBreakdownDayEntity } from './youtube-breakdown-day.entity';
import { YoutubeChannelDayEntity } from './youtube-channel-day.entity';
import { YoutubeImportStateEntity } from './youtube-import-state.entity';
import { YoutubeSnapshotEntity } from './youtube-snapshot.entity';
import { YoutubeVideoDayEntity } from './youtube-video-day.entity';

/**
 * The channel's YouTube Analytics (docs/integrations/google-account.md, "What the site imports"): imported through
 * the connected Google account into daily rows this module owns, shown in Analytics → YouTube, and read by the
 * sponsor reports and the media kit through YoutubeAnalyticsReader.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      YoutubeChannelDayEntity,
      YoutubeVideoDayEntity,
      YoutubeBreakdownDayEntity,
      YoutubeSnapshotEntity,
      YoutubeImportStateEntity,
    ]),
    GoogleAccountModule,
    AnalyticsModule,
    VideosModule,
    YoutubeModule,
  ],
  controllers: [YoutubeAnalyticsController],
  providers: [
    YoutubeAnalyticsStore,
    YoutubeAnalyticsRows,
    YoutubeAnalyticsImporter,
    YoutubeAnalyticsScheduler,
    YoutubeAnalyticsStatusService,
    ReportFrames,
    ChannelReports,
    BreakdownReports,
    YoutubeAnalyticsReader,
  ],
  exports: [YoutubeAnalyticsReader],
})
export class YoutubeAnalyticsModule {}
