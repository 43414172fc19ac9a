import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { TranscriptsModule } from '../transcripts/transcripts.module';
import { VideosModule } from '../videos/videos.module';
import { SearchMatchModule } from './search-match.module';
import { SearchController } from './search.controller';
import { SearchIndexer } from './search-indexer.service';
import { SearchService } from './search.service';

/**
 * The site search (docs/search.md): one full-text index over the videos' titles, chapters, descriptions and
 * transcripts, kept current by the indexer, asked by `GET /api/search` and View All's search.
 */
@Module({
  imports: [VideosModule, TranscriptsModule, SettingsModule, SearchMatchModule],
  controllers: [SearchController],
  providers: [SearchIndexer, SearchService],
  exports: [SearchIndexer],
})
export class SearchModule {}
