/**
 * The timing half of tools/bench/search-fulltext.ts: each query asked of InnoDB FULLTEXT and of the posting lists,
 * each side first in turn, with the pages InnoDB read from disk meanwhile; what they answered compared.
 */
import type { DataSource } from 'typeorm';
import { type Latency, latency } from './search';
import { type FulltextBuild, fulltextIds } from './search-fulltext-index';
import type { QueryTerm } from './search-fulltext-query';

export type Side = 'fulltext' | 'postings';
export const SIDES: Side[] = ['fulltext', 'postings'];

export interface SideFigures {
  all: Latency;
  /** Per kind of the mix, and per probe (`the`…); results: the mean total found. */
  byKind: Record<string, Latency & { results: number }>;
  /** Pages InnoDB read from disk while this side's queries ran. */
  pagesRead: number;
}

export interface FulltextPhase {
  poolBytes: number;
  warmed: boolean;
  sides: Record<Side, SideFigures>;
  /** FULLTEXT's matching ids alone (a few named queries): what InnoDB takes before any join or ranking. */
  idsAlone: Record<string, Latency & { pagesRead: number }>;
}

export interface FulltextBenchResult {
  videos: number;
  server: string;
  queries: number;
  /** Queries of each kind asked before the first measures; times each named query is asked. */
  warmUp: number;
  probeTimes: number;
  build: FulltextBuild;
  sizes: { fulltextTable: number; fulltextIndex: number; postings: number };
  phases: FulltextPhase[];
  /** Queries whose page or total differed between the two (none expected: the same documents, the same ranking). */
  mismatches: string[];
  load: { before: number[]; after: number[] };
}

export interface Asked {
  kind: string;
  q: string;
}

export interface Ranked {
  videos: { videoId: string; score: number }[];
  total: number;
}

const poolReads = async (db: DataSource) =>
  Number((await db.query("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_reads'"))[0].Value);

/** Asks each query of both sides (first one side, then the other, in turn), timing each. */
export async function askBoth(
  db: DataSource,
  ask: Record<Side, (q: string) => Promise<Ranked>>,
  list: Asked[],
  mismatches: string[],
) {
  const out = { fulltext: [], postings: [] } as Record<
    Side,
    { asked: Asked; ms: number; reads: number; total: number }[]
  >;
  for (const [i, asked] of list.entries()) {
    const answers = {} as Record<Side, Ranked>;
    for (const side of i % 2 ? [...SIDES].reverse() : SIDES) {
      const reads = await poolReads(db);
      const started = performance.now();
      answers[side] = await ask[side](asked.q);
      const ms = performance.now() - started;
      out[side].push({ asked, ms, reads: (await poolReads(db)) - reads, total: answers[side].total });
    }
    const [a, b] = SIDES.map((side) => JSON.stringify(answers[side]));
    if (a !== b && !mismatches.some((m) => m.startsWith(`${asked.q}:`)))
      mismatches.push(`${asked.q}: FULLTEXT ${a.slice(0, 200)}, postings ${b.slice(0, 200)}`);
  }
  return out;
}

export function figures(
  timed: { asked: Asked; ms: number; reads: number; total: number }[],
  mix: number,
): SideFigures {
  const kinds = new Map<string, { ms: number[]; total: number }>();
  for (const { asked, ms, total } of timed) {
    const kind = kinds.get(asked.kind) ?? { ms: [], total: 0 };
    kind.ms.push(ms);
    kind.total += total;
    kinds.set(asked.kind, kind);
  }
  return {
    all: latency(timed.slice(0, mix).map((t) => t.ms)),
    byKind: Object.fromEntries(
      [...kinds].map(([kind, { ms, total }]) => [
        kind,
        { ...latency(ms), results: Math.round(total / ms.length) },
      ]),
    ),
    pagesRead: timed.reduce((n, t) => n + t.reads, 0),
  };
}

/** Times FULLTEXT's `SELECT FTS_DOC_ID … WHERE MATCH` of each query; pages read: the mean per query. */
export async function timeIdsAlone(
  db: DataSource,
  list: Asked[],
  termsOf: (q: string) => QueryTerm[],
): Promise<FulltextPhase['idsAlone']> {
  const kinds = new Map<string, { ms: number[]; reads: number }>();
  for (const { kind, q } of list) {
    const reads = await poolReads(db);
    const started = performance.now();
    await fulltextIds(db, termsOf(q));
    const timed = kinds.get(kind) ?? { ms: [], reads: 0 };
    timed.ms.push(performance.now() - started);
    timed.reads += (await poolReads(db)) - reads;
    kinds.set(kind, timed);
  }
  return Object.fromEntries(
    [...kinds].map(([kind, { ms, reads }]) => [
      kind,
      { ...latency(ms), pagesRead: Math.round(reads / ms.length) },
    ]),
  );
}
