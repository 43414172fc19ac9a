import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelEntity } from '../channel/channel.entity';
import { SettingsModule } from '../settings/settings.module';
import { VideoEntity } from '../videos/video.entity';
import { AdminController } from './admin.controller';
import { BackupService } from './backup.service';
import { FeedsController } from './feeds.controller';
import { FeedsService } from './feeds.service';

@Module({
  imports: [TypeOrmModule.forFeature([VideoEntity, ChannelEntity]), SettingsModule],
  controllers: [AdminController, FeedsController],
  providers: [BackupService, FeedsService],
})
export class AdminModule {}
