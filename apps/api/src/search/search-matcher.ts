import { Injectable } from '@nestjs/common';
import { SearchIndexStore } from './search-index.store';
import { queryTerms } from './search-query';

/**
 * The videos a query matches, as the video list joins them (`VideosService.list`): `sql` is a subquery with one row
 * per matching video (`videoId`) that the list joins as `found`.
 */
export interface VideoMatch {
  sql: string;
  params: Record<string, unknown>;
}

/** Turns a visitor's text into the match View All's list joins. */
@Injectable()
export class SearchMatcher {
  constructor(private readonly store: SearchIndexStore) {}

  /**
   * The match of `text`; null when nothing can match: it has no word to look for (`"`, `*`, an emoji), or the index
   * knows no video holds them all.
   */
  async videoMatch(text: string): Promise<VideoMatch | null> {
    const terms = queryTerms(text);
    const found = terms.length ? await this.store.match(terms) : null;
    return found && { sql: found.ids, params: found.params };
  }
}
