import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationsModule } from '../notifications/notifications.module';
import { SettingsModule } from '../settings/settings.module';
import { AppLockService } from './app-lock.service';
import { SyncRunEntity } from './sync-run.entity';
import { SyncStoreService } from './sync-store.service';
import { SyncController } from './sync.controller';
import { SyncService } from './sync.service';

@Module({
  imports: [TypeOrmModule.forFeature([SyncRunEntity]), SettingsModule, NotificationsModule],
  controllers: [SyncController],
  providers: [SyncService, SyncStoreService, AppLockService],
})
export class YoutubeModule {}
