import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/analytics.module';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { SettingsModule } from '../settings/settings.module';
import { VideosModule } from '../videos/videos.module';
import { YoutubeModule } from '../youtube/youtube.module';
import { EmailController } from './email.controller';
import { EmailTestService } from './email-test.service';
import { NotificationRunEntity } from './notification-run.entity';
import { WeeklySummaryService } from './weekly-summary.service';

/** E-mail to the site's owner beyond the per-video messages: the weekly summary and the test message. */
@Module({
  imports: [
    TypeOrmModule.forFeature([NotificationRunEntity]),
    AnalyticsModule,
    NewsletterModule,
    NotificationsModule,
    SettingsModule,
    VideosModule,
    YoutubeModule,
  ],
  controllers: [EmailController],
  providers: [WeeklySummaryService, EmailTestService],
})
export class EmailModule {}
