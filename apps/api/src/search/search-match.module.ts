import { Module } from '@nestjs/common';
import { SearchIndexStore } from './search-index.store';
import { SearchMatcher } from './search-matcher';

/** The search index's tables and the match the video list joins: what the videos module needs of the search. */
@Module({
  providers: [SearchIndexStore, SearchMatcher],
  exports: [SearchIndexStore, SearchMatcher],
})
export class SearchMatchModule {}
