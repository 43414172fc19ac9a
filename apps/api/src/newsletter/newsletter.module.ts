import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { SettingsModule } from '../settings/settings.module';
import { AppLockService } from '../youtube/app-lock.service';
import { NewsletterSubscriberEntity } from './newsletter-subscriber.entity';
import { NewsletterController } from './newsletter.controller';
import { NewsletterService } from './newsletter.service';
import { NewsletterThrottleService } from './newsletter-throttle.service';

/**
 * The newsletter's sign-ups (issue 14). AppLockService is stateless over the `app_lock` table (it keeps no
 * repository), so this module provides its own rather than importing YoutubeModule, which may come to need
 * the newsletter's count (the weekly summary).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([NewsletterSubscriberEntity]),
    NotificationsModule,
    SettingsModule,
    AuditModule,
  ],
  controllers: [NewsletterController],
  providers: [NewsletterService, NewsletterThrottleService, AppLockService],
  exports: [NewsletterService],
})
export class NewsletterModule {}
