import { chunks } from '../database/bulk-writes';
import { chunkBits, chunkOf, chunkRow, CHUNK_SIZE, setBit, VideoSet } from './posting-list';
import { type DialectMatch, RANKED_FIELDS, type SearchDialect } from './search-dialect';
import { FIELD_MARKS, type QueryTerm, type SearchField } from './search-query';
import { isCjkTerm } from './search-text';

/**
 * The marks of the short prefixes a document also stores (of 1 and 2 characters), by field: as-you-type's first
 * letters read one row instead of every word that starts with them.
 */
const PREFIX_MARKS: Record<SearchField, string> = {
  any: 'pz',
  title: 'pt',
  chapter: 'pc',
  description: 'pd',
};
const SHORT_PREFIX = 2;
const FIELD_OF_MARK = new Map<string, SearchField>(
  Object.entries(FIELD_MARKS).map(([field, mark]) => [mark, field as SearchField]),
);
const FIELDS: SearchField[] = ['any', ...RANKED_FIELDS.map(([field]) => field)];
/** Terms per locking read (`IN (…)`), rows per upsert. */
const TERM_CHUNK = 500;
const ROW_CHUNK = 200;

/** What a batch of changes does to one posting row: the offsets it gains and loses. */
interface PostingEdit {
  chunk: number;
  token: string;
  add: number[];
  drop: number[];
}

/** What a document stores in postings: its terms, and the short prefixes of every word that is not CJK. */
function postingTokens(document: Set<string> | null): Set<string> {
  const out = new Set(document ?? []);
  for (const token of document ?? []) {
    const field = FIELD_OF_MARK.get(token.slice(0, 2));
    const word = token.slice(2);
    if (!field || isCjkTerm(word)) continue;
    for (let n = 1; n <= Math.min(SHORT_PREFIX, word.length); n++) {
      out.add(PREFIX_MARKS[field] + word.slice(0, n));
    }
  }
  return out;
}

/** What a query term asks of a field: an exact token, or every token that starts with a prefix. */
function askOf({ term, prefix }: QueryTerm, field: SearchField): { token: string; prefix: boolean } {
  if (!prefix) return { token: FIELD_MARKS[field] + term, prefix: false };
  if (term.length <= SHORT_PREFIX) return { token: PREFIX_MARKS[field] + term, prefix: false };
  return { token: FIELD_MARKS[field] + term, prefix: true };
}

/** Whether a video number is in a set passed as a bitmap parameter (byte n, bit b: video 8n + b). */
const member = (param: string) =>
  `ASCII(SUBSTRING(:${param}, (videoNo DIV 8) + 1, 1)) & (1 << (videoNo MOD 8))`;
const param = (field: SearchField) => `search_${field}`;

/**
 * MySQL/MariaDB: posting lists in a plain InnoDB table (`search_posting`: per term and chunk of video numbers, the
 * videos that hold it, posting-list.ts), read by primary key. InnoDB's FULLTEXT reads every matched row, document
 * and all: 40× slower at p95 on the benchmark's 10,000 videos (docs/search.md, tools/bench/search-fulltext.ts).
 */
export const mysqlDialect: SearchDialect & { listedMax: number } = {
  batch: 1000,
  /** Up to this many matches are read by their numbers; beyond, every video is tested against a bitmap. */
  listedMax: 2000,
  async write(manager, changes) {
    // The offsets each (chunk, token) gains and loses.
    const edits = new Map<string, PostingEdit>();
    const edit = (chunk: number, token: string) => {
      const key = `${chunk} ${token}`;
      let found = edits.get(key);
      if (!found) edits.set(key, (found = { chunk, token, add: [], drop: [] }));
      return found;
    };
    for (const { videoNo, before, after } of changes) {
      const [was, is] = [postingTokens(before), postingTokens(after)];
      const chunk = chunkOf(videoNo);
      const offset = videoNo % CHUNK_SIZE;
      for (const token of is) if (!was.has(token)) edit(chunk, token).add.push(offset);
      for (const token of was) if (!is.has(token)) edit(chunk, token).drop.push(offset);
    }
    const byChunk = new Map<number, PostingEdit[]>();
    const bits = chunkBits();
    for (const e of edits.values()) {
      const list = byChunk.get(e.chunk);
      if (list) list.push(e);
      else byChunk.set(e.chunk, [e]);
    }
    for (const [chunk, list] of byChunk) {
      // In term order, so two writers lock the rows they share in the same order.
      list.sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
      for (const batch of chunks(list, TERM_CHUNK)) {
        const rows: { term: string; postings: Buffer }[] = await manager.query(
          `SELECT term, postings FROM search_posting WHERE chunk = ? AND term IN (${batch.map(() => '?').join(', ')}) FOR UPDATE`,
          [chunk, ...batch.map((e) => e.token)],
        );
        const stored = new Map(rows.map((row) => [row.term, row.postings]));
        const keep: [string, Buffer][] = [];
        const empty: string[] = [];
        for (const { token, add, drop } of batch) {
          chunkBits(stored.get(token), bits);
          for (const offset of drop) setBit(bits, offset, false);
          for (const offset of add) setBit(bits, offset, true);
          const row = chunkRow(bits);
          if (row) keep.push([token, row]);
          else if (stored.has(token)) empty.push(token);
        }
        for (const rows of chunks(keep, ROW_CHUNK)) {
          await manager.query(
            `INSERT INTO search_posting (term, chunk, postings) VALUES ${rows.map(() => '(?, ?, ?)').join(', ')} ` +
              'ON DUPLICATE KEY UPDATE postings = VALUES(postings)',
            rows.flatMap(([token, postings]) => [token, chunk, postings]),
          );
        }
        if (empty.length) {
          await manager.query(
            `DELETE FROM search_posting WHERE chunk = ? AND term IN (${empty.map(() => '?').join(', ')})`,
            [chunk, ...empty],
          );
        }
      }
    }
  },

  async match(manager, terms): Promise<DialectMatch | null> {
    const asks = FIELDS.map((field) => terms.map((term) => askOf(term, field)));
    const exact = asks.flat().filter((a) => !a.prefix);
    const prefixes = asks.flat().filter((a) => a.prefix);
    const rows: { term: string; chunk: number; postings: Buffer }[] = await manager.query(
      'SELECT term, chunk, postings FROM search_posting WHERE ' +
        [
          ...(exact.length ? [`term IN (${exact.map(() => '?').join(', ')})`] : []),
          ...prefixes.map(() => 'term LIKE ?'),
        ].join(' OR '),
      [...exact.map((a) => a.token), ...prefixes.map((a) => `${a.token}%`)],
    );
    const size = (Math.max(-1, ...rows.map((row) => Number(row.chunk))) + 1) * CHUNK_SIZE;
    // Per field, the videos that hold every term: the AND of each term's rows (a prefix's: all its words').
    const sets = asks.map((fieldAsks) =>
      fieldAsks
        .map((ask) => {
          const set = VideoSet.empty(size);
          for (const row of rows) {
            if (ask.prefix ? row.term.startsWith(ask.token) : row.term === ask.token) {
              set.addRow(Number(row.chunk), row.postings);
            }
          }
          return set;
        })
        .reduce((all, set) => all.and(set)),
    );
    const [any, ...ranked] = sets;
    const count = any.size;
    if (!count) return null;
    if (count > this.listedMax) {
      // Many videos: each video's number is tested against the sets, passed as bitmaps.
      const params = Object.fromEntries(FIELDS.map((field, i) => [param(field), sets[i].bits]));
      const tiers = RANKED_FIELDS.map(([field, score]) => `WHEN ${member(param(field))} THEN ${score} `);
      return {
        scored:
          `SELECT videoId, videoNo, CASE ${tiers.join('')}ELSE 1 END AS score, publishedAt, short ` +
          `FROM search_video WHERE ${member(param('any'))}`,
        ids: `SELECT videoId FROM search_video WHERE ${member(param('any'))}`,
        params,
      };
    }
    // Few: read by their numbers, each tier a list of its own.
    const tierOf = new Map<number, number>();
    for (const videoNo of any.members()) {
      const tier = RANKED_FIELDS.find((_, i) => ranked[i].has(videoNo));
      tierOf.set(videoNo, tier?.[1] ?? 1);
    }
    const listed = (score: number) => {
      const nos = [...tierOf].filter(([, tier]) => tier === score).map(([videoNo]) => videoNo);
      return nos.length ? nos : [-1];
    };
    const params: Record<string, unknown> = { [param('any')]: [...tierOf.keys()] };
    RANKED_FIELDS.forEach(([field, score]) => (params[param(field)] = listed(score)));
    const tiers = RANKED_FIELDS.map(
      ([field, score]) => `WHEN videoNo IN (:...${param(field)}) THEN ${score} `,
    );
    return {
      scored:
        `SELECT videoId, videoNo, CASE ${tiers.join('')}ELSE 1 END AS score, publishedAt, short ` +
        `FROM search_video WHERE videoNo IN (:...${param('any')})`,
      ids: `SELECT videoId FROM search_video WHERE videoNo IN (:...${param('any')})`,
      params,
    };
  },
};
