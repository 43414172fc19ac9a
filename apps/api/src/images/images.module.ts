import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppLockService } from '../youtube/app-lock.service';
import { ImageEntity } from './image.entity';
import { ImageFilesService } from './image-files.service';
import { ImageMirrorService } from './image-mirror.service';
import { IMAGE_STORE } from './image-store';
import { imageStoreProvider } from './image-store.provider';
import { SiteImagesService } from './site-images.service';

/**
 * The site's own images: the store, the table of what is mirrored, its files, the mirror and the images of public
 * answers.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ImageEntity])],
  // AppLockService keeps no state of its own (newsletter.module.ts says the same): this module's copy is fine.
  providers: [imageStoreProvider, AppLockService, ImageFilesService, ImageMirrorService, SiteImagesService],
  exports: [IMAGE_STORE, ImageFilesService, ImageMirrorService, SiteImagesService],
})
export class ImagesModule {}
