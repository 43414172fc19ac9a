import { Module } from '@nestjs/common';
import { ChannelModule } from '../channel/channel.module';
import { SettingsModule } from '../settings/settings.module';
import { VideosModule } from '../videos/videos.module';
import { PublicPagesController } from './public-pages.controller';
import { PublicPagesService } from './public-pages.service';

/** What visitors and crawlers read outside the SPA: sitemap.xml, rss.xml, robots.txt and the page head. */
@Module({
  imports: [VideosModule, ChannelModule, SettingsModule],
  controllers: [PublicPagesController],
  providers: [PublicPagesService],
  exports: [PublicPagesService],
})
export class PublicPagesModule {}
