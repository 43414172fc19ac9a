import { Module } from '@nestjs/common';
import { ChannelModule } from '../channel/channel.module';
import { MediaKitModule } from '../media-kit/media-kit.module';
import { PlaylistsModule } from '../playlists/playlists.module';
import { SearchMatchModule } from '../search/search-match.module';
import { SearchService } from '../search/search.service';
import { SettingsModule } from '../settings/settings.module';
import { SponsorshipsModule } from '../sponsorships/sponsorships.module';
import { TranscriptsModule } from '../transcripts/transcripts.module';
import { VideosModule } from '../videos/videos.module';
import { YoutubeModule } from '../youtube/youtube.module';
import { PageModelController } from './page-model.controller';
import { PageModelService } from './page-model.service';
import { PublicPagesController } from './public-pages.controller';
import { PublicPagesService } from './public-pages.service';
import { WatchController } from './watch.controller';
import { WatchService } from './watch.service';

/**
 * What visitors and crawlers read outside the SPA: sitemap.xml, rss.xml, robots.txt, the page head, a video's
 * watch page data (`GET /api/videos/{id}`, `/oembed`), and the page model (the search page's results too) the web server renders from
 * (`GET /api/page?path=`).
 */
@Module({
  imports: [
    VideosModule,
    PlaylistsModule,
    ChannelModule,
    SettingsModule,
    YoutubeModule,
    SponsorshipsModule,
    MediaKitModule,
    TranscriptsModule,
    SearchMatchModule,
  ],
  controllers: [PublicPagesController, WatchController, PageModelController],
  // SearchService answers the search page's model as it answers `GET /api/search` (SearchModule keeps its own).
  providers: [PublicPagesService, WatchService, PageModelService, SearchService],
  exports: [PublicPagesService],
})
export class PublicPagesModule {}
