/**
 * Benchmark of the site search (docs/search.md): a channel of VIDEOS videos, each with a 15-minute transcript of about
 * 2,000 words (tools/bench/search-corpus.ts), on SQLite and on MariaDB. First the index (search-index.ts): built from
 * nothing, a sync, one video's transcript stored again, the size it adds. Then the production build of the API (a
 * child process, as visitors meet it) answers a mix of queries one at a time, each asked once (no answer comes from
 * the public cache): common and rare words, one to three words, prefixes as typed, Japanese, words nobody says; by
 * `GET /api/search` and by View All's `GET /api/videos?q=`.
 *
 *   npx tsx tools/bench/search.ts            10,000 videos, both databases, printed
 *   npx tsx tools/bench/search.ts --write    …and recorded in docs/benchmarks.md
 *   npx tsx tools/bench/search.ts --smoke    60 videos, SQLite (seconds)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_API_ENV, startApi } from '../lib/api-process';
import { parseOptions, wholeNumber } from '../lib/args';
import { startMariaDb } from '../mariadb';
import { machine, type SummaryRow, writeDocSection, writeRawJson } from './doc';
import { type BenchQuery, queries, type QueryKind } from './search-corpus';
import { benchIndexing, type IndexBenchResult } from './search-index';
import { ensureApiBuild } from './sync';

export const SEARCH_P95_TARGET_MS = 50;
const FULL = { videos: 10_000, perKind: 40 };
const SMOKE = { videos: 60, perKind: 2 };
const WARM_UP = 2;

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface SearchBenchResult {
  database: 'sqlite' | 'mysql';
  index: IndexBenchResult;
  /** The start-up check of the API over the indexed channel (nothing to do), from its log. */
  startCheckMs: number;
  search: Latency & { byKind: Record<QueryKind, Latency & { results: number }> };
  viewAll: Latency;
  queries: number;
}

export function latency(ms: number[]): Latency {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

async function timedGet(url: string): Promise<{ ms: number; body: unknown; status: number }> {
  const started = performance.now();
  const res = await fetch(url);
  const body = await res.json();
  return { ms: performance.now() - started, body, status: res.status };
}

/** Asks every query once through the API and times the answers. */
async function askAll(base: string, asked: BenchQuery[]) {
  const search: number[] = [];
  const viewAll: number[] = [];
  const byKind = new Map<QueryKind, { ms: number[]; results: number }>();
  for (const { kind, q } of asked) {
    const answer = await timedGet(`${base}/api/search?q=${encodeURIComponent(q)}`);
    if (answer.status !== 200)
      throw new Error(`search ${q}: ${answer.status} ${JSON.stringify(answer.body)}`);
    search.push(answer.ms);
    const entry = byKind.get(kind) ?? { ms: [], results: 0 };
    entry.ms.push(answer.ms);
    entry.results += (answer.body as { total: number }).total;
    byKind.set(kind, entry);
    const listed = await timedGet(`${base}/api/videos?q=${encodeURIComponent(q)}&limit=20`);
    if (listed.status !== 200) throw new Error(`View All ${q}: ${listed.status}`);
    viewAll.push(listed.ms);
  }
  return {
    search: {
      ...latency(search),
      byKind: Object.fromEntries(
        [...byKind].map(([kind, { ms, results }]) => [
          kind,
          { ...latency(ms), results: Math.round(results / ms.length) },
        ]),
      ) as SearchBenchResult['search']['byKind'],
    },
    viewAll: latency(viewAll),
  };
}

export async function runSearchBench(options: {
  database: 'sqlite' | 'mysql';
  smoke?: boolean;
  videos?: number;
  log?: (line: string) => void;
}): Promise<SearchBenchResult> {
  const log = options.log ?? (() => undefined);
  const size = options.smoke ? SMOKE : FULL;
  const count = options.videos ?? size.videos;
  await ensureApiBuild();
  const dir = mkdtempSync(join(tmpdir(), 'bench-search-'));
  const mariadb = options.database === 'mysql' ? await startMariaDb({ log }) : undefined;
  const env: Record<string, string> = {
    // The admin the first start makes: the production API refuses to start with the default password.
    ADMIN_PASSWORD: BENCH_API_ENV.ADMIN_PASSWORD,
    ...(mariadb ? { DATABASE_URL: mariadb.url } : { SQLITE_PATH: join(dir, 'bench.sqlite') }),
  };
  try {
    const index = await benchIndexing({ count, env, datadir: mariadb?.datadir, log });
    const api = await startApi(
      { ...BENCH_API_ENV, ...env, SEED_DEMO_CONTENT: 'false' },
      { timeoutMs: 120_000 },
    );
    try {
      const checked = await until(
        () => /Search index checked: .*\((\d+) ms\)/.exec(api.output())?.[1],
        300_000,
      );
      // Two queries of each kind warm the API up; the others are measured.
      const all = queries(size.perKind + WARM_UP);
      const warm = all.filter((q, i) => all.findIndex((o) => o.kind === q.kind) + WARM_UP > i);
      const asked = all.filter((q) => !warm.includes(q));
      await askAll(api.url, warm);
      const answers = await askAll(api.url, asked);
      return {
        database: options.database,
        index,
        startCheckMs: Number(checked),
        ...answers,
        queries: asked.length,
      };
    } finally {
      await api.stop();
    }
  } finally {
    await mariadb?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function until<T>(read: () => T | undefined, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting for the API');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const db = (r: SearchBenchResult) => (r.database === 'sqlite' ? 'SQLite' : 'MariaDB');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What the results say against the target; empty when it holds. */
export function searchFailures(results: SearchBenchResult[], smoke = false): string[] {
  return results.flatMap((r) => [
    ...(smoke || r.search.p95 <= SEARCH_P95_TARGET_MS
      ? []
      : [`${db(r)}: search p95 ${r.search.p95} ms > ${SEARCH_P95_TARGET_MS} ms`]),
    ...(r.search.byKind['common word'].results > 0 ? [] : [`${db(r)}: common words found nothing`]),
    ...(r.search.byKind['no match'].results === 0 ? [] : [`${db(r)}: made-up words found something`]),
  ]);
}

export function searchRows(results: SearchBenchResult[]): SummaryRow[] {
  return results.map((r) => ({
    what: `Site search, ${r.index.videos.toLocaleString('en-US')} videos with 15-minute transcripts, ${db(r)}`,
    figure: `p95 ${r.search.p95} ms (View All ${r.viewAll.p95} ms); full index ${s(r.index.fullIndexMs)}, one video ${r.index.oneVideoMs - r.index.oneVideoWithoutIndexMs} ms; +${mb(r.index.indexBytes)}`,
    target: `p95 ≤ ${SEARCH_P95_TARGET_MS} ms`,
    met: r.search.p95 <= SEARCH_P95_TARGET_MS,
  }));
}

export function searchMarkdown(results: SearchBenchResult[], when: Date): string {
  const kinds = Object.keys(results[0].search.byKind) as QueryKind[];
  return [
    '## Site search',
    '',
    '`npx tsx tools/bench/search.ts --write` (after `npx nx run api:build`): a made-up channel of 10,000 videos, each',
    'with a 15-minute transcript of about 2,000 words (250 cues; words as frequent as in English, 5 % of the videos in',
    'Japanese), its titles, descriptions and chapters. The index is built by the built API’s own modules in the',
    'benchmark’s process; then the production API (a child process) answers each query once, one at a time, through',
    'HTTP (none from the public cache): `GET /api/search?q=` and View All’s `GET /api/videos?q=&limit=20`. MariaDB',
    'is tools/mariadb.ts’s server (64 MB buffer pool).',
    '',
    `Measured ${when.toISOString().slice(0, 10)} on ${machine()}.`,
    '',
    '| Database | Transcripts | Index built | Entries | Sync (1 % titles changed) | One video’s transcript stored | Index size (transcripts) | Start-up check |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${db(r)} | ${r.index.cues.toLocaleString('en-US')} cues, ${(r.index.words / 1e6).toFixed(1)} M words | ${s(r.index.fullIndexMs)} | ${r.index.entries.toLocaleString('en-US')} | ${r.index.syncMs} ms (${r.index.syncWithoutIndexMs} ms without the index) | ${r.index.oneVideoMs} ms (${r.index.oneVideoWithoutIndexMs} ms without) | ${mb(r.index.indexBytes)} (${mb(r.index.transcriptBytes)}) | ${r.startCheckMs} ms |`,
    ),
    '',
    `Answers in ms (${results[0].queries} queries; results: the mean total found):`,
    '',
    `| Database | All: p50 / p95 / p99 / max | View All p95 | ${kinds.join(' | ')} |`,
    `| --- | --- | --- | ${kinds.map(() => '---').join(' | ')} |`,
    ...results.map(
      (r) =>
        `| ${db(r)} | ${r.search.p50} / ${r.search.p95} / ${r.search.p99} / ${r.search.max} | ${r.viewAll.p95} | ${kinds
          .map((k) => `p95 ${r.search.byKind[k].p95} (${r.search.byKind[k].results.toLocaleString('en-US')})`)
          .join(' | ')} |`,
    ),
    '',
    '`npx tsx tools/bench/search.ts --smoke` runs the same path with 60 videos on SQLite in seconds.',
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const options = parseOptions(
    argv,
    {
      write: { type: 'boolean', default: false },
      smoke: { type: 'boolean', default: false },
      videos: { type: 'string' },
      database: { type: 'string' },
    },
    'Usage: npx tsx tools/bench/search.ts [--write] [--smoke] [--videos N] [--database sqlite|mysql]',
  );
  const log = (line: string) => console.log(`  ${line}`);
  const databases = options.database
    ? [options.database as 'sqlite' | 'mysql']
    : options.smoke
      ? (['sqlite'] as const)
      : (['sqlite', 'mysql'] as const);
  const results: SearchBenchResult[] = [];
  for (const database of databases) {
    console.log(`Site search, ${database}…`);
    const result = await runSearchBench({
      database,
      smoke: options.smoke,
      videos: wholeNumber('videos', options.videos),
      log,
    });
    log(JSON.stringify(result));
    results.push(result);
  }
  for (const row of searchRows(results))
    console.log(`${row.met ? 'met   ' : 'MISSED'} ${row.what}: ${row.figure}`);
  const failures = searchFailures(results, options.smoke);
  if (options.write && !options.smoke) {
    const when = new Date();
    console.log(`Wrote ${await writeDocSection('search-bench', searchMarkdown(results, when))}`);
    writeRawJson('search', results);
  }
  if (failures.length) throw new Error(failures.join('\n'));
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  });
}
