import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelModule } from '../channel/channel.module';
import { PlaylistsModule } from '../playlists/playlists.module';
import { VideosModule } from '../videos/videos.module';
import { ImageEntity } from './image.entity';
import { ImagesAdminController } from './images-admin.controller';
import { MissingImagesService } from './missing-images.service';

/** The dashboard's side of the site's images: what is missing, and a retry. */
@Module({
  imports: [TypeOrmModule.forFeature([ImageEntity]), ChannelModule, VideosModule, PlaylistsModule],
  controllers: [ImagesAdminController],
  providers: [MissingImagesService],
})
export class ImagesAdminModule {}
