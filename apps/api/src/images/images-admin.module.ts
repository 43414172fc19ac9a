import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelModule } from '../channel/channel.module';
import { PlaylistEntity } from '../playlists/playlist.entity';
import { VideoEntity } from '../videos/video.entity';
import { ImageEntity } from './image.entity';
import { ImagesAdminController } from './images-admin.controller';
import { MissingImagesService } from './missing-images.service';

/** The dashboard's side of the site's images: what is missing, and a retry. */
@Module({
  imports: [TypeOrmModule.forFeature([ImageEntity, VideoEntity, PlaylistEntity]), ChannelModule],
  controllers: [ImagesAdminController],
  providers: [MissingImagesService],
})
export class ImagesAdminModule {}
