import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AdminModule } from './admin/admin.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { ChannelModule } from './channel/channel.module';
import { ChecklistModule } from './checklist/checklist.module';
import { CommonModule } from './common/common.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { AppValidationPipe } from './common/validation';
import { ConfigModule } from './config/config.module';
import type { Env } from './config/env';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo/demo.module';
import { EmailModule } from './email/email.module';
import { GoogleAccountModule } from './google-account/google-account.module';
import { HealthModule } from './health/health.module';
import { ImagesAdminModule } from './images/images-admin.module';
import { ImagesModule } from './images/images.module';
import { IntegrationsModule } from './integrations/integrations.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { PlaylistsModule } from './playlists/playlists.module';
import { PublicPagesModule } from './public-pages/public-pages.module';
import { SearchModule } from './search/search.module';
import { SettingsModule } from './settings/settings.module';
import { SponsorshipsModule } from './sponsorships/sponsorships.module';
import { TranscriptsModule } from './transcripts/transcripts.module';
import { YoutubeCaptionsModule } from './transcripts/youtube-captions.module';
import { VideosModule } from './videos/videos.module';
import { YoutubeModule } from './youtube/youtube.module';
import { YoutubeAnalyticsModule } from './youtube-analytics/youtube-analytics.module';

@Module({})
export class AppModule {
  static forRoot(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        CommonModule,
        DatabaseModule,
        ImagesModule,
        ImagesAdminModule,
        HealthModule,
        AuthModule,
        ChannelModule,
        VideosModule,
        PlaylistsModule,
        SettingsModule,
        PublicPagesModule,
        AdminModule,
        ChecklistModule,
        DemoModule,
        YoutubeModule,
        IntegrationsModule,
        EmailModule,
        NewsletterModule,
        AnalyticsModule,
        SponsorshipsModule,
        AuditModule,
        GoogleAccountModule,
        YoutubeAnalyticsModule,
        TranscriptsModule,
        YoutubeCaptionsModule,
        SearchModule,
      ],
      providers: [
        { provide: APP_PIPE, useClass: AppValidationPipe },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
