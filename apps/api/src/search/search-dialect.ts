import type { DataSource, EntityManager } from 'typeorm';
import { chunks } from '../database/bulk-writes';
import { booleanMatch, fts5Match, type QueryTerm, type SearchField, termPattern } from './search-query';

/** An entry as stored: its id, a passage's cues, and its terms (space-separated, marked). */
export interface StoredEntry {
  id: number;
  track: number | null;
  firstCue: number | null;
  lastCue: number | null;
  terms: string;
}

/**
 * What differs between the two databases' full-text indexes; everything else (the terms, the entries, the ranking,
 * the snippets) is shared. Each indexes one document per video (its number, `videoNo`) for finding and ranking
 * videos, and keeps each entry's terms where the moments of a page of results are looked for.
 */
export interface SearchDialect {
  /** The MATCH expression of a query's terms, in one field of the documents. */
  matchExpression(terms: QueryTerm[], field?: SearchField): string;
  /**
   * A subquery of the matching videos: `doc` (their number) and `tier`, what matched best: 4 every word is in the
   * title, 3 in its chapters, 2 in its description, 1 anywhere in the video. Its parameters are `MATCH_PARAMS`.
   */
  readonly matchedDocs: string;
  /** Stores the documents of these videos (their rows exist), replacing what they had. */
  writeDocuments(manager: EntityManager, documents: { videoNo: number; terms: string }[]): Promise<void>;
  removeDocuments(manager: EntityManager, videoNos: number[]): Promise<void>;
  writeEntries(manager: EntityManager, entries: StoredEntry[]): Promise<void>;
  /** Deletes the entries of these id ranges (a video's). */
  removeEntries(manager: EntityManager, ranges: [number, number][]): Promise<void>;
  /**
   * The entries within these id ranges (each a video's) that hold every term, or where a video has none, those
   * that hold some: with which they hold (bit i for term i).
   */
  matchingEntries(
    manager: EntityManager,
    terms: QueryTerm[],
    ranges: [number, number][],
  ): Promise<{ id: number; found: number }[]>;
}

/** The parameters of `matchedDocs`: the query's match over the whole video, and over each field ranked. */
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

/** Of one video's entries, those that hold every term, or if none does, all of them. */
function bestOf(rows: { id: number; found: number }[], all: number) {
  const full = rows.filter((row) => row.found === all);
  return full.length ? full : rows;
}

/**
 * SQLite: FTS5, contentless (only the index is kept, without positions: `detail=none`): `search_fts` holds a document
 * per video (rowid = videoNo), `search_entry_fts` the entries' terms (rowid = the entry's id), which FTS5 reads a
 * video's rowid range of at a time.
 */
const sqlite: SearchDialect = {
  matchExpression: fts5Match,
  matchedDocs:
    'SELECT rowid AS doc, CASE ' +
    TIERS.map(
      ([field, tier]) =>
        `WHEN rowid IN (SELECT rowid FROM search_fts WHERE search_fts MATCH :${MATCH_PARAMS[field]}) THEN ${tier} `,
    ).join('') +
    `ELSE 1 END AS tier FROM search_fts WHERE search_fts MATCH :${MATCH_PARAMS.any}`,
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
  async writeEntries(manager, entries) {
    for (const batch of chunks(entries, ROW_CHUNK)) {
      await manager.query(
        `INSERT INTO search_entry (id, track, firstCue, lastCue) VALUES ${list(batch.length, '(?, ?, ?, ?)')}`,
        batch.flatMap((e) => [e.id, e.track, e.firstCue, e.lastCue]),
      );
      await manager.query(
        `INSERT INTO search_entry_fts (rowid, terms) VALUES ${list(batch.length, '(?, ?)')}`,
        batch.flatMap((e) => [e.id, e.terms]),
      );
    }
  },
  async removeEntries(manager, ranges) {
    for (const [from, to] of ranges) {
      await manager.query('DELETE FROM search_entry_fts WHERE rowid BETWEEN ? AND ?', [from, to]);
      await manager.query('DELETE FROM search_entry WHERE id BETWEEN ? AND ?', [from, to]);
    }
  },
  async matchingEntries(manager, terms, ranges) {
    const all = 2 ** terms.length - 1;
    const ids = (match: string, [from, to]: [number, number]): Promise<{ id: number }[]> =>
      manager.query(
        'SELECT rowid AS id FROM search_entry_fts WHERE search_entry_fts MATCH ? AND rowid BETWEEN ? AND ?',
        [match, from, to],
      );
    const out: { id: number; found: number }[] = [];
    for (const range of ranges) {
      const full = await ids(fts5Match(terms), range);
      if (full.length) {
        out.push(...full.map(({ id }) => ({ id, found: all })));
        continue;
      }
      const found = new Map<number, number>();
      for (const [i, term] of terms.entries()) {
        for (const { id } of await ids(fts5Match([term]), range))
          found.set(id, (found.get(id) ?? 0) | (2 ** i));
      }
      out.push(...[...found].map(([id, mask]) => ({ id, found: mask })).sort((a, b) => a.id - b.id));
    }
    return out;
  },
};

/**
 * MySQL/MariaDB: an InnoDB FULLTEXT index on `search_video.terms` (the default parser: the terms are words); the
 * entries' terms are a column, where the moments are found with LIKE (InnoDB would evaluate a MATCH over every
 * entry, not within a video's).
 */
const mysql: SearchDialect = {
  matchExpression: booleanMatch,
  matchedDocs:
    'SELECT videoNo AS doc, CASE ' +
    TIERS.map(
      ([field, tier]) => `WHEN MATCH(terms) AGAINST (:${MATCH_PARAMS[field]} IN BOOLEAN MODE) THEN ${tier} `,
    ).join('') +
    `ELSE 1 END AS tier FROM search_video WHERE MATCH(terms) AGAINST (:${MATCH_PARAMS.any} IN BOOLEAN MODE)`,
  async writeDocuments(manager, documents) {
    for (const { videoNo, terms } of documents) {
      await manager.query('UPDATE search_video SET terms = ? WHERE videoNo = ?', [terms, videoNo]);
    }
  },
  async removeDocuments() {
    // The document is the row's own column: it goes with the row.
  },
  async writeEntries(manager, entries) {
    for (const batch of chunks(entries, ROW_CHUNK)) {
      await manager.query(
        `INSERT INTO search_entry (id, track, firstCue, lastCue, terms) VALUES ${list(batch.length, '(?, ?, ?, ?, ?)')}`,
        batch.flatMap((e) => [e.id, e.track, e.firstCue, e.lastCue, ` ${e.terms} `]),
      );
    }
  },
  async removeEntries(manager, ranges) {
    for (const [from, to] of ranges) {
      await manager.query('DELETE FROM search_entry WHERE id BETWEEN ? AND ?', [from, to]);
    }
  },
  async matchingEntries(manager, terms, ranges) {
    if (!ranges.length) return [];
    const patterns = terms.map(termPattern);
    const rows: { id: number | string; found: number | string }[] = await manager.query(
      `SELECT id, ${patterns.map((_, i) => `(terms LIKE ?) * ${2 ** i}`).join(' + ')} AS found FROM search_entry ` +
        `WHERE (${ranges.map(() => 'id BETWEEN ? AND ?').join(' OR ')}) ` +
        `AND (${patterns.map(() => 'terms LIKE ?').join(' OR ')}) ORDER BY id`,
      [...patterns, ...ranges.flat(), ...patterns],
    );
    const all = 2 ** terms.length - 1;
    return ranges.flatMap(([from, to]) =>
      bestOf(
        rows
          .map((row) => ({ id: Number(row.id), found: Number(row.found) }))
          .filter((row) => row.id >= from && row.id <= to),
        all,
      ),
    );
  },
};

export function searchDialect(db: DataSource): SearchDialect {
  return db.options.type === 'mysql' ? mysql : sqlite;
}
