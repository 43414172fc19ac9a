import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/analytics.module';
import { ChannelModule } from '../channel/channel.module';
import { ImageRefreshModule } from '../images/image-refresh.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PlaylistsModule } from '../playlists/playlists.module';
import { SettingsModule } from '../settings/settings.module';
import { VideosModule } from '../videos/videos.module';
import { AppLockService } from './app-lock.service';
import { ChannelInputService } from './channel-input.service';
import { LiveCheckService } from './live-check.service';
import { LiveStreamEntity } from './live-stream.entity';
import { LiveController } from './live.controller';
import { SyncRunEntity } from './sync-run.entity';
import { SyncStoreService } from './sync-store.service';
import { SyncController } from './sync.controller';
import { SyncService } from './sync.service';
import { WebsubAnnouncedEntity } from './websub-announced.entity';
import { WebsubIntentEntity } from './websub-intent.entity';
import { WebsubSubscriptionEntity } from './websub-subscription.entity';
import { WebsubController } from './websub.controller';
import { WebsubService } from './websub.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      SyncRunEntity,
      LiveStreamEntity,
      WebsubSubscriptionEntity,
      WebsubAnnouncedEntity,
      WebsubIntentEntity,
    ]),
    AuditModule,
    ChannelModule,
    VideosModule,
    PlaylistsModule,
    SettingsModule,
    NotificationsModule,
    AnalyticsModule,
    ImageRefreshModule,
  ],
  controllers: [SyncController, LiveController, WebsubController],
  providers: [
    SyncService,
    SyncStoreService,
    AppLockService,
    LiveCheckService,
    ChannelInputService,
    WebsubService,
  ],
  exports: [AppLockService, LiveCheckService, SyncService],
})
export class YoutubeModule {}
