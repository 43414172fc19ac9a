/**
 * InnoDB FULLTEXT over the site search's documents, for tools/bench/search-fulltext.ts: each indexed video's document
 * made as the production index makes it (`documentOf` over its `search_entry` terms: every term once as `zz…`, those
 * of its title, chapters and description once more as `zt…`, `zc…`, `zd…`), in a plain InnoDB table whose
 * `FTS_DOC_ID` is the video's number, under a FULLTEXT index built after the rows are in (the most compact index
 * InnoDB makes). A query finds its videos there and is ranked as the site ranks (`SearchIndexStore.ranked` reads
 * the `DialectMatch` this returns, as it reads the posting lists').
 */
import type { DataSource } from 'typeorm';
import { booleanModeQuery, type QueryTerm } from './search-fulltext-query';
import { loadDist } from './search-index';

export const FULLTEXT_TABLE = 'search_fulltext';
/** Videos whose entries are read per query while the documents are made. */
const VIDEO_BATCH = 100;

/** Where a term is in the video, as `FIELD_MARKS` names it. */
type SearchField = 'any' | 'title' | 'chapter' | 'description';

/** What `SearchIndexStore.ranked` reads: a scored subquery (apps/api/src/search/search-dialect.ts). */
interface DialectMatch {
  scored: string;
  ids: string;
  params: Record<string, unknown>;
}

/** What this takes of the built API's search modules. */
interface DistSearch {
  documentOf(entries: { entry: number; words: string[] }[]): Set<string>;
  ENTRIES_PER_VIDEO: number;
  FIELD_MARKS: Record<SearchField, string>;
  RANKED_FIELDS: [SearchField, number][];
}

const dist = (): DistSearch => ({
  ...loadDist('search/search-index.store.js'),
  ...loadDist('search/search-documents.js'),
  ...loadDist('search/search-query.js'),
  ...loadDist('search/search-dialect.js'),
});

export interface FulltextBuild {
  documents: number;
  /** The documents' text (what the table holds besides its index). */
  documentBytes: number;
  /** Filling the table, then building its FULLTEXT index. */
  fillMs: number;
  indexMs: number;
}

/** Makes `search_fulltext` from the indexed videos' entries, then its FULLTEXT index. */
export async function buildFulltext(db: DataSource): Promise<FulltextBuild> {
  const { documentOf, ENTRIES_PER_VIDEO } = dist();
  await db.query(
    `CREATE TABLE ${FULLTEXT_TABLE} (FTS_DOC_ID BIGINT UNSIGNED NOT NULL PRIMARY KEY, ` +
      // Byte for byte, as search_posting compares its terms (the terms are normalized already).
      'terms MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL) ENGINE=InnoDB',
  );
  const started = performance.now();
  const numbers: number[] = (await db.query('SELECT videoNo FROM search_video ORDER BY videoNo')).map(
    (row: { videoNo: number | string }) => Number(row.videoNo),
  );
  let documentBytes = 0;
  for (let i = 0; i < numbers.length; i += VIDEO_BATCH) {
    const batch = numbers.slice(i, i + VIDEO_BATCH);
    const rows: { id: number | string; terms: string }[] = await db.query(
      'SELECT id, terms FROM search_entry WHERE id BETWEEN ? AND ?',
      [batch[0] * ENTRIES_PER_VIDEO, (batch.at(-1)! + 1) * ENTRIES_PER_VIDEO - 1],
    );
    const entries = new Map<number, { entry: number; words: string[] }[]>();
    for (const row of rows) {
      const id = Number(row.id);
      const videoNo = Math.floor(id / ENTRIES_PER_VIDEO);
      const list = entries.get(videoNo) ?? [];
      list.push({ entry: id % ENTRIES_PER_VIDEO, words: row.terms.split(' ').filter(Boolean) });
      entries.set(videoNo, list);
    }
    const documents = [...entries].map(([videoNo, list]) => {
      const text = [...documentOf(list.sort((a, b) => a.entry - b.entry))].join(' ');
      documentBytes += Buffer.byteLength(text);
      return [videoNo, text];
    });
    if (documents.length) {
      await db.query(
        `INSERT INTO ${FULLTEXT_TABLE} (FTS_DOC_ID, terms) VALUES ${documents.map(() => '(?, ?)').join(', ')}`,
        documents.flat(),
      );
    }
  }
  const filled = performance.now();
  await db.query(`ALTER TABLE ${FULLTEXT_TABLE} ADD FULLTEXT INDEX ft_search_terms (terms)`);
  return {
    documents: numbers.length,
    documentBytes,
    fillMs: Math.round(filled - started),
    indexMs: Math.round(performance.now() - filled),
  };
}

const param = (field: SearchField) => `fulltext_${field}`;
const against = (field: SearchField) => `MATCH(f.terms) AGAINST(:${param(field)} IN BOOLEAN MODE)`;

/**
 * The videos matching every term, as the posting lists' `DialectMatch`: a row per video with its score (every word
 * in the title 4, its chapters 3, its description 2, else 1), date and whether it is a Short.
 */
export function fulltextMatch(terms: QueryTerm[]): DialectMatch {
  const { FIELD_MARKS, RANKED_FIELDS } = dist();
  const fields: SearchField[] = ['any', ...RANKED_FIELDS.map(([field]) => field)];
  const params = Object.fromEntries(
    fields.map((field) => [param(field), booleanModeQuery(terms, FIELD_MARKS[field])]),
  );
  const tiers = RANKED_FIELDS.map(([field, score]) => `WHEN ${against(field)} THEN ${score} `).join('');
  const from = `FROM ${FULLTEXT_TABLE} f INNER JOIN search_video v ON v.videoNo = f.FTS_DOC_ID WHERE ${against('any')}`;
  return {
    scored:
      `SELECT v.videoId AS videoId, v.videoNo AS videoNo, CASE ${tiers}ELSE 1 END AS score, ` +
      `v.publishedAt AS publishedAt, v.short AS short ${from}`,
    ids: `SELECT v.videoId AS videoId ${from}`,
    params,
  };
}

/** FULLTEXT's matching video numbers alone: InnoDB's part of a query, before any join or ranking. */
export async function fulltextIds(db: DataSource, terms: QueryTerm[]): Promise<number> {
  const rows = await db.query(
    `SELECT FTS_DOC_ID FROM ${FULLTEXT_TABLE} WHERE MATCH(terms) AGAINST(? IN BOOLEAN MODE)`,
    [booleanModeQuery(terms, dist().FIELD_MARKS.any)],
  );
  return rows.length;
}
