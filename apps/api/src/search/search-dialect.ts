import type { EntityManager } from 'typeorm';
import type { QueryTerm, SearchField } from './search-query';

/** A video's document before and after a change: its terms (`indexToken`s); null when it has none (new, removed). */
export interface DocumentChange {
  videoNo: number;
  before: Set<string> | null;
  after: Set<string> | null;
}

/**
 * The videos a query matches, as subqueries: `scored` has a row per video, its `videoId`, `videoNo`, `score` (4 every word is in
 * the title, 3 in its chapters, 2 in its description, 1 anywhere in the video), `publishedAt` and `short` (from
 * `search_video`); `ids` the same videos' `videoId` alone (what the video list joins). Both read `params`.
 */
export interface DialectMatch {
  scored: string;
  ids: string;
  params: Record<string, unknown>;
}

/**
 * What differs between the two databases: how the videos' documents are indexed and how a query finds them.
 * Everything else (the terms, the entries, the ranking, the moments, the snippets) is shared.
 */
export interface SearchDialect {
  /**
   * Videos the start-up check indexes per transaction of its own: few on SQLite (one connection: a long transaction
   * holds every other write back), more on MySQL (each batch rewrites the posting rows of the common words).
   */
  readonly batch: number;
  /** Applies documents' changes, through the caller's manager. */
  write(manager: EntityManager, changes: DocumentChange[]): Promise<void>;
  /** The videos matching every term; null when the index already knows none does. */
  match(manager: EntityManager, terms: QueryTerm[]): Promise<DialectMatch | null>;
}

/** The fields the ranking asks, best first, with their score. */
export const RANKED_FIELDS: [SearchField, number][] = [
  ['title', 4],
  ['chapter', 3],
  ['description', 2],
];
