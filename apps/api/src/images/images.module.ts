import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImageEntity } from './image.entity';
import { ImageMirrorService } from './image-mirror.service';
import { IMAGE_STORE } from './image-store';
import { imageStoreProvider } from './image-store.provider';
import { SiteImagesService } from './site-images.service';

/** The site's own images: the store, the table of what is mirrored, the mirror and the images of public answers. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ImageEntity])],
  providers: [imageStoreProvider, ImageMirrorService, SiteImagesService],
  exports: [IMAGE_STORE, ImageMirrorService, SiteImagesService],
})
export class ImagesModule {}
