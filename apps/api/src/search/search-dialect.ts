import type { DataSource, EntityManager } from 'typeorm';
import { chunks } from '../database/bulk-writes';
import { booleanMatch, fts5Match, type QueryTerm, type SearchField } from './search-query';

/**
 * What differs between the two databases' full-text indexes; everything else (the terms, the entries, the ranking,
 * the moments, the snippets) is shared. Each indexes one document per video (its number, `videoNo`), which finds
 * and ranks the videos.
 */
export interface SearchDialect {
  /** The MATCH expression of a query's terms, in one field of the documents. */
  matchExpression(terms: QueryTerm[], field?: SearchField): string;
  /**
   * A subquery of the matching videos: `videoId` and `score`, what matched best: 4 every word is in the title, 3 in
   * its chapters, 2 in its description, 1 anywhere in the video. Its parameters are `MATCH_PARAMS`.
   */
  readonly scoredVideos: string;
  /** The same videos' `videoId` alone (what a count needs): its parameter is `MATCH_PARAMS.any`. */
  readonly matchedVideos: string;
  /** Stores the documents of these videos (their rows exist), replacing what they had. */
  writeDocuments(manager: EntityManager, documents: { videoNo: number; terms: string }[]): Promise<void>;
  removeDocuments(manager: EntityManager, videoNos: number[]): Promise<void>;
}

/** The parameters of `scoredVideos`: the query's match over the whole video, and over each field ranked. */
export const MATCH_PARAMS = {
  any: 'searchAny',
  title: 'searchTitle',
  chapter: 'searchChapter',
  description: 'searchDescription',
} as const satisfies Record<SearchField, string>;

const TIERS: [SearchField, number][] = [
  ['title', 4],
  ['chapter', 3],
  ['description', 2],
];
/** Rows per INSERT. */
const ROW_CHUNK = 200;

const list = (count: number, item = '?') => Array(count).fill(item).join(', ');

/** SQLite: FTS5, contentless (only the index, without positions: `detail=none`), a document per video (rowid = videoNo). */
const sqlite: SearchDialect = {
  matchExpression: fts5Match,
  scoredVideos:
    'SELECT v.videoId AS videoId, m.tier AS score FROM (SELECT rowid AS doc, CASE ' +
    TIERS.map(
      ([field, tier]) =>
        `WHEN rowid IN (SELECT rowid FROM search_fts WHERE search_fts MATCH :${MATCH_PARAMS[field]}) THEN ${tier} `,
    ).join('') +
    `ELSE 1 END AS tier FROM search_fts WHERE search_fts MATCH :${MATCH_PARAMS.any}) m ` +
    'INNER JOIN search_video v ON v.videoNo = m.doc',
  matchedVideos:
    'SELECT v.videoId AS videoId FROM search_fts INNER JOIN search_video v ON v.videoNo = search_fts.rowid ' +
    `WHERE search_fts MATCH :${MATCH_PARAMS.any}`,
  async writeDocuments(manager, documents) {
    await this.removeDocuments(
      manager,
      documents.map((d) => d.videoNo),
    );
    for (const batch of chunks(documents, ROW_CHUNK)) {
      await manager.query(
        `INSERT INTO search_fts (rowid, terms) VALUES ${list(batch.length, '(?, ?)')}`,
        batch.flatMap((d) => [d.videoNo, d.terms]),
      );
    }
  },
  async removeDocuments(manager, videoNos) {
    for (const batch of chunks(videoNos, 500)) {
      await manager.query(`DELETE FROM search_fts WHERE rowid IN (${list(batch.length)})`, batch);
    }
  },
};

/** MySQL/MariaDB: an InnoDB FULLTEXT index on `search_video.terms` (the default parser: the terms are words). */
const mysql: SearchDialect = {
  matchExpression: booleanMatch,
  scoredVideos:
    'SELECT videoId, CASE ' +
    TIERS.map(
      ([field, tier]) => `WHEN MATCH(terms) AGAINST (:${MATCH_PARAMS[field]} IN BOOLEAN MODE) THEN ${tier} `,
    ).join('') +
    `ELSE 1 END AS score FROM search_video WHERE MATCH(terms) AGAINST (:${MATCH_PARAMS.any} IN BOOLEAN MODE)`,
  matchedVideos: `SELECT videoId FROM search_video WHERE MATCH(terms) AGAINST (:${MATCH_PARAMS.any} IN BOOLEAN MODE)`,
  async writeDocuments(manager, documents) {
    for (const { videoNo, terms } of documents) {
      await manager.query('UPDATE search_video SET terms = ? WHERE videoNo = ?', [terms, videoNo]);
    }
  },
  async removeDocuments() {
    // The document is the row's own column: it goes with the row.
  },
};

export function searchDialect(db: DataSource): SearchDialect {
  return db.options.type === 'mysql' ? mysql : sqlite;
}
