import { Module } from '@nestjs/common';
import { ChannelModule } from '../channel/channel.module';
import { PlaylistsModule } from '../playlists/playlists.module';
import { VideosModule } from '../videos/videos.module';
import { ImageRefreshService } from './image-refresh.service';

/** What the modules that write content (sync, backup, demo) import to bring the images in line. */
@Module({
  imports: [ChannelModule, VideosModule, PlaylistsModule],
  providers: [ImageRefreshService],
  exports: [ImageRefreshService],
})
export class ImageRefreshModule {}
