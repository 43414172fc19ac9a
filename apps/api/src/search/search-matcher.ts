import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { SearchIndexStore } from './search-index.store';
import { queryTerms } from './search-query';

/**
 * The videos a query matches, as the video list joins them (`VideosService.list`): `sql` is a subquery with one row
 * per matching video (`videoId`, `score`) that the list joins as `found`; `relevance` orders by it.
 */
export interface VideoMatch {
  sql: string;
  /** The same videos without their score: what a count joins. */
  count: string;
  params: Record<string, unknown>;
  /** An ORDER BY expression over `found` and `video`: higher is better. */
  relevance: string;
}

const DAY_MS = 86_400_000;

/**
 * The ranking: what matched best first (every word in the title, then in its chapters, in its description, anywhere
 * in the video: `DialectMatch.scored`, 4 to 1), and a small boost for recent videos: 0.3 for the last 30
 * days, 0.15 for the last year, which never lifts a video over a better kind of match; then the newest first.
 */
export const RECENT_BOOSTS: [days: number, boost: number][] = [
  [30, 0.3],
  [365, 0.15],
];

/** Turns a visitor's text into the match the video list joins. */
@Injectable()
export class SearchMatcher {
  constructor(
    private readonly store: SearchIndexStore,
    private readonly clock: Clock,
  ) {}

  /**
   * The match of `text`; null when nothing can match: it has no word to look for (`"`, `*`, an emoji), or the index
   * knows no video holds them all.
   */
  async videoMatch(text: string): Promise<VideoMatch | null> {
    const terms = queryTerms(text);
    const found = terms.length ? await this.store.match(terms) : null;
    if (!found) return null;
    const now = this.clock.now();
    const params = { ...found.params };
    const boosts = RECENT_BOOSTS.map(([days, boost], i) => {
      params[`searchRecent${i}`] = new Date(now - days * DAY_MS);
      return `WHEN video.publishedAt >= :searchRecent${i} THEN ${boost}`;
    });
    return {
      sql: found.scored,
      count: found.ids,
      params,
      relevance: `found.score + CASE ${boosts.join(' ')} ELSE 0 END`,
    };
  }
}
