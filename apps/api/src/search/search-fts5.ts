import { chunks } from '../database/bulk-writes';
import { RANKED_FIELDS, type SearchDialect } from './search-dialect';
import { FIELD_MARKS, type QueryTerm, type SearchField } from './search-query';

/** Rows per statement. */
const CHUNK = 200;

/** FTS5's MATCH expression: each term a quoted string (terms hold letters and digits only), ANDed. */
export function fts5Match(terms: QueryTerm[], field: SearchField = 'any'): string {
  return terms.map(({ term, prefix }) => `"${FIELD_MARKS[field]}${term}"${prefix ? ' *' : ''}`).join(' ');
}

const param = (field: SearchField) => `search_${field}`;
const matching = (field: SearchField) =>
  `SELECT rowid FROM search_fts WHERE search_fts MATCH :${param(field)}`;

/**
 * SQLite: FTS5's `search_fts`, a document per video (`rowid` = its number), contentless (only the index is kept,
 * without positions: `detail=none`), with prefix indexes of a mark and 1 to 4 characters for as-you-type queries.
 */
export const sqliteDialect: SearchDialect = {
  batch: 200,
  async write(manager, changes) {
    for (const batch of chunks(
      changes.filter((c) => c.before).map((c) => c.videoNo),
      500,
    )) {
      await manager.query(
        `DELETE FROM search_fts WHERE rowid IN (${batch.map(() => '?').join(', ')})`,
        batch,
      );
    }
    for (const batch of chunks(
      changes.filter((c) => c.after?.size),
      CHUNK,
    )) {
      await manager.query(
        `INSERT INTO search_fts (rowid, terms) VALUES ${batch.map(() => '(?, ?)').join(', ')}`,
        batch.flatMap((c) => [c.videoNo, [...c.after!].join(' ')]),
      );
    }
  },

  async match(_manager, terms) {
    const params = Object.fromEntries(
      (['any', ...RANKED_FIELDS.map(([field]) => field)] as SearchField[]).map((field) => [
        param(field),
        fts5Match(terms, field),
      ]),
    );
    const tiers = RANKED_FIELDS.map(([field, score]) => `WHEN rowid IN (${matching(field)}) THEN ${score} `);
    return {
      scored:
        'SELECT v.videoId AS videoId, v.videoNo AS videoNo, m.tier AS score, v.publishedAt AS publishedAt, ' +
        'v.short AS short ' +
        `FROM (SELECT rowid AS doc, CASE ${tiers.join('')}ELSE 1 END ` +
        `AS tier FROM search_fts WHERE search_fts MATCH :${param('any')}) m INNER JOIN search_video v ON v.videoNo = m.doc`,
      ids:
        'SELECT v.videoId AS videoId FROM search_fts INNER JOIN search_video v ON v.videoNo = search_fts.rowid ' +
        `WHERE search_fts MATCH :${param('any')}`,
      params,
    };
  },
};
