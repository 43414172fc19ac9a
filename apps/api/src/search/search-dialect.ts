import type { DataSource, EntityManager } from 'typeorm';
import { chunks } from '../database/bulk-writes';
import { ENTRIES_PER_VIDEO } from './search-documents';
import { booleanMatch, fts5Match, type QueryTerm } from './search-query';

/** An entry as stored: `terms` is its indexed words, space-separated, each with its mark. */
export interface StoredEntry {
  id: number;
  text: string;
  marks: string | null;
  terms: string;
}

export interface EntryRow {
  id: number;
  text: string;
  marks: string | null;
}

/**
 * What differs between the two databases' full-text indexes: how entries are written and asked. Everything else (the
 * terms, the entries, the ranking) is shared. An entry's id is `videoNo * ENTRIES_PER_VIDEO + entry`, so the matched
 * ids alone say which video matched and how well (the lowest entry number is the best match).
 */
export interface SearchDialect {
  /** The MATCH expression of a query's terms. */
  matchExpression(terms: QueryTerm[]): string;
  /** A subquery of the matching videos by number: `doc`, `best` (lowest entry matched), `hits` (entries matched). */
  readonly matchedDocs: string;
  insert(manager: EntityManager, rows: StoredEntry[]): Promise<void>;
  /** Deletes the entries of these id ranges (a video's). */
  remove(manager: EntityManager, ranges: [number, number][]): Promise<void>;
  /** The matching entries within these id ranges (the videos of a page of results). */
  matching(manager: EntityManager, match: string, ranges: [number, number][]): Promise<EntryRow[]>;
}

/** The parameter the match subquery names. */
export const MATCH_PARAM = 'searchMatch';
const SHIFT = Math.log2(ENTRIES_PER_VIDEO);
/** Rows per INSERT: well under SQLite's bound parameters and MySQL's packet with passages of 2,000 characters. */
const CHUNK = 100;

const values = (count: number, width: number) =>
  Array.from({ length: count }, () => `(${Array(width).fill('?').join(', ')})`).join(', ');

/** SQLite: FTS5, contentless (`search_fts` keeps only the index; the text is in `search_entry`). */
const sqlite: SearchDialect = {
  matchExpression: fts5Match,
  matchedDocs:
    `SELECT rowid >> ${SHIFT} AS doc, MIN(rowid & ${ENTRIES_PER_VIDEO - 1}) AS best, COUNT(*) AS hits ` +
    `FROM search_fts WHERE search_fts MATCH :${MATCH_PARAM} GROUP BY rowid >> ${SHIFT}`,
  async insert(manager, rows) {
    for (const chunk of chunks(rows, CHUNK)) {
      await manager.query(
        `INSERT INTO search_entry (id, text, marks) VALUES ${values(chunk.length, 3)}`,
        chunk.flatMap((row) => [row.id, row.text, row.marks]),
      );
      await manager.query(
        `INSERT INTO search_fts (rowid, terms) VALUES ${values(chunk.length, 2)}`,
        chunk.flatMap((row) => [row.id, row.terms]),
      );
    }
  },
  async remove(manager, ranges) {
    for (const [from, to] of ranges) {
      await manager.query('DELETE FROM search_fts WHERE rowid BETWEEN ? AND ?', [from, to]);
      await manager.query('DELETE FROM search_entry WHERE id BETWEEN ? AND ?', [from, to]);
    }
  },
  async matching(manager, match, ranges) {
    const rows: EntryRow[] = [];
    // One range at a time: FTS5 seeks to a rowid range, not to several.
    for (const [from, to] of ranges) {
      rows.push(
        ...(await manager.query(
          'SELECT id, text, marks FROM search_entry WHERE id IN ' +
            '(SELECT rowid FROM search_fts WHERE search_fts MATCH ? AND rowid BETWEEN ? AND ?) ORDER BY id',
          [match, from, to],
        )),
      );
    }
    return rows;
  },
};

/** MySQL/MariaDB: an InnoDB FULLTEXT index on `search_entry.terms` (the default parser: the terms are words). */
const mysql: SearchDialect = {
  matchExpression: booleanMatch,
  matchedDocs:
    `SELECT id DIV ${ENTRIES_PER_VIDEO} AS doc, MIN(id MOD ${ENTRIES_PER_VIDEO}) AS best, COUNT(*) AS hits ` +
    `FROM search_entry WHERE MATCH(terms) AGAINST (:${MATCH_PARAM} IN BOOLEAN MODE) GROUP BY id DIV ${ENTRIES_PER_VIDEO}`,
  async insert(manager, rows) {
    for (const chunk of chunks(rows, CHUNK)) {
      await manager.query(
        `INSERT INTO search_entry (id, \`text\`, marks, terms) VALUES ${values(chunk.length, 4)}`,
        chunk.flatMap((row) => [row.id, row.text, row.marks, row.terms]),
      );
    }
  },
  async remove(manager, ranges) {
    for (const [from, to] of ranges) {
      await manager.query('DELETE FROM search_entry WHERE id BETWEEN ? AND ?', [from, to]);
    }
  },
  async matching(manager, match, ranges) {
    if (!ranges.length) return [];
    const rows: EntryRow[] = await manager.query(
      'SELECT id, `text`, marks FROM search_entry WHERE MATCH(terms) AGAINST (? IN BOOLEAN MODE) AND (' +
        ranges.map(() => 'id BETWEEN ? AND ?').join(' OR ') +
        ') ORDER BY id',
      [match, ...ranges.flat()],
    );
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  },
};

export function searchDialect(db: DataSource): SearchDialect {
  return db.options.type === 'mysql' ? mysql : sqlite;
}
