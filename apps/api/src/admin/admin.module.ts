import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ChannelModule } from '../channel/channel.module';
import { ImageRefreshModule } from '../images/image-refresh.module';
import { PlaylistsModule } from '../playlists/playlists.module';
import { PublicPagesModule } from '../public-pages/public-pages.module';
import { SettingsModule } from '../settings/settings.module';
import { SponsorshipsModule } from '../sponsorships/sponsorships.module';
import { VideosModule } from '../videos/videos.module';
import { AdminController } from './admin.controller';
import { BackupService } from './backup.service';

@Module({
  imports: [
    ChannelModule,
    VideosModule,
    PlaylistsModule,
    SettingsModule,
    PublicPagesModule,
    SponsorshipsModule,
    AuditModule,
    ImageRefreshModule,
  ],
  controllers: [AdminController],
  providers: [BackupService],
})
export class AdminModule {}
