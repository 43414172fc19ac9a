import { Module } from '@nestjs/common';
import { ChannelModule } from '../channel/channel.module';
import { PlaylistsModule } from '../playlists/playlists.module';
import { SettingsModule } from '../settings/settings.module';
import { VideosModule } from '../videos/videos.module';
import { AdminController } from './admin.controller';
import { BackupService } from './backup.service';
import { FeedsController } from './feeds.controller';
import { FeedsService } from './feeds.service';

@Module({
  imports: [ChannelModule, VideosModule, PlaylistsModule, SettingsModule],
  controllers: [AdminController, FeedsController],
  providers: [BackupService, FeedsService],
})
export class AdminModule {}
