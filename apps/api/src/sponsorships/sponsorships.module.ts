import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/analytics.module';
import { AuditModule } from '../audit/audit.module';
import { SettingsModule } from '../settings/settings.module';
import { VideosModule } from '../videos/videos.module';
import { YoutubeAnalyticsModule } from '../youtube-analytics/youtube-analytics.module';
import { SponsorReportLinkEntity } from './sponsor-report-link.entity';
import { SponsorReportLinksController } from './sponsor-report-links.controller';
import { SponsorReportLinksService } from './sponsor-report-links.service';
import { SponsorReportController } from './sponsor-report.controller';
import { SponsorReportService } from './sponsor-report.service';
import { SponsorshipEntity } from './sponsorship.entity';
import { SponsorshipsController } from './sponsorships.controller';
import { SponsorshipsService } from './sponsorships.service';

/** The deals, their report links and the reports (`sponsorship`, `sponsor_report_link`). */
@Module({
  imports: [
    TypeOrmModule.forFeature([SponsorshipEntity, SponsorReportLinkEntity]),
    VideosModule,
    SettingsModule,
    AnalyticsModule,
    AuditModule,
    YoutubeAnalyticsModule,
  ],
  controllers: [SponsorshipsController, SponsorReportLinksController, SponsorReportController],
  providers: [SponsorshipsService, SponsorReportLinksService, SponsorReportService],
  exports: [SponsorshipsService, SponsorReportService],
})
export class SponsorshipsModule {}
