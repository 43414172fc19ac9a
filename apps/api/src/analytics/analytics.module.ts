import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelModule } from '../channel/channel.module';
import { SettingsModule } from '../settings/settings.module';
import { VideosModule } from '../videos/videos.module';
import { AnalyticsRollupEntity } from './analytics-rollup.entity';
import { AnalyticsSaltEntity } from './analytics-salt.entity';
import { AnalyticsVisitorEntity } from './analytics-visitor.entity';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsIngestService } from './analytics-ingest.service';
import { AnalyticsReportService } from './analytics-report.service';
import { AnalyticsAdmissionService } from './analytics-admission.service';
import { AnalyticsDaysService } from './analytics-days.service';
import { AnalyticsStoreService } from './analytics-store.service';
import { AnalyticsTotalsService } from './analytics-totals.service';
import { AnalyticsUpkeepService } from './analytics-upkeep.service';
import { SearchRollupsService } from './search-rollups.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([AnalyticsRollupEntity, AnalyticsVisitorEntity, AnalyticsSaltEntity]),
    ChannelModule,
    VideosModule,
    SettingsModule,
  ],
  controllers: [AnalyticsController],
  providers: [
    AnalyticsStoreService,
    AnalyticsTotalsService,
    AnalyticsDaysService,
    AnalyticsUpkeepService,
    AnalyticsAdmissionService,
    AnalyticsIngestService,
    AnalyticsReportService,
    SearchRollupsService,
  ],
  exports: [AnalyticsTotalsService, AnalyticsDaysService, AnalyticsUpkeepService, AnalyticsReportService],
})
export class AnalyticsModule {}
