import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { MATCH_PARAM } from './search-dialect';
import { DESCRIPTION_ENTRY, TITLE_ENTRY } from './search-documents';
import { SearchIndexStore } from './search-index.store';
import { queryTerms } from './search-query';

/**
 * The videos a query matches, as the video list joins them (`VideosService.list`): `sql` is a subquery with one row
 * per matching video (`videoId`, `score`) that the list joins as `found`; `relevance` orders by it.
 */
export interface VideoMatch {
  sql: string;
  params: Record<string, unknown>;
  /** An ORDER BY expression over `found` and `video`: higher is better. */
  relevance: string;
}

const DAY_MS = 86_400_000;

/**
 * The ranking. A video's best match decides first: its title (4), a chapter (3), its description (2), what is said in
 * it (1). Within that, each further entry that matches adds 0.1 (up to 0.5: a video that says it often), and a video
 * of the last 30 days gets 0.3, of the last year 0.15: a small boost that never lifts a video over a better kind of
 * match (the bonuses stay under 1).
 */
export const SCORE_SQL =
  `CASE WHEN m.best = ${TITLE_ENTRY} THEN 4 WHEN m.best < ${DESCRIPTION_ENTRY} THEN 3 ` +
  `WHEN m.best = ${DESCRIPTION_ENTRY} THEN 2 ELSE 1 END + 0.1 * (CASE WHEN m.hits > 6 THEN 5 ELSE m.hits - 1 END)`;
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

  /** The match of `text`; null when it has no word to look for (`"`, `*`, an emoji): it matches nothing. */
  videoMatch(text: string): VideoMatch | null {
    const terms = queryTerms(text);
    if (!terms.length) return null;
    const now = this.clock.now();
    const params: Record<string, unknown> = { [MATCH_PARAM]: this.store.dialect.matchExpression(terms) };
    const boosts = RECENT_BOOSTS.map(([days, boost], i) => {
      params[`searchRecent${i}`] = new Date(now - days * DAY_MS);
      return `WHEN video.publishedAt >= :searchRecent${i} THEN ${boost}`;
    });
    return {
      sql:
        `SELECT v.videoId AS videoId, ${SCORE_SQL} AS score ` +
        `FROM (${this.store.dialect.matchedDocs}) m INNER JOIN search_video v ON v.videoNo = m.doc`,
      params,
      relevance: `found.score + CASE ${boosts.join(' ')} ELSE 0 END`,
    };
  }
}
