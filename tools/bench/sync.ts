/**
 * Benchmark of the YouTube sync: the production build of the API (`node dist/apps/api/apps/api/src/main.js`,
 * a child process of this script) syncs a generated channel from the fake YouTube API (tools/fake-youtube,
 * in this process) into a fresh database. Measures the wall time of `POST /api/sync/youtube`, the API units
 * spent (the API's answer and the fake's own count) and the API process's resident memory (sampled from
 * /proc during the sync, plus the kernel's peak VmHWM for the whole process life).
 *
 *   npx tsx tools/bench/sync.ts                      5,000 videos / 100 playlists on SQLite and MariaDB
 *   npx tsx tools/bench/sync.ts --db sqlite --write  …and record the table in docs/benchmarks.md
 *   npx tsx tools/bench/sync.ts --smoke              120 videos / 5 playlists, SQLite, a few seconds
 *   options: --videos N --playlists M --db sqlite|mysql|both --build (rebuild the API first) --latency MS
 *            --malloc-arena-max N (0: glibc's default, no MALLOC_ARENA_MAX; else the production start's 2)
 *
 * `runSyncBench()` and `SMOKE` are exported for `npm test` / tools/bench/run.ts.
 */
import { fullSyncUnits } from '@app/contracts/youtube';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeYouTube } from '../fake-youtube/server';
import { parseOptions, wholeNumber } from '../lib/args';
import { writeDocSection } from './doc';
import { startMariaDb } from '../mariadb';
import { API_MAIN, ApiClient, type ApiProcess, BENCH_API_ENV, startApi } from '../lib/api-process';
import { repoRoot } from '../lib/paths';
import { run } from '../lib/process';

export type BenchDatabase = 'sqlite' | 'mysql';

export interface SyncBenchOptions {
  videos: number;
  playlists: number;
  database: BenchDatabase;
  /** Delay the fake adds to every answer (0: a local network). */
  latencyMs?: number;
  /** MALLOC_ARENA_MAX of the API process: undefined as production starts it, 0 for glibc's default. */
  mallocArenaMax?: number;
  log?: (line: string) => void;
}

export interface SyncBenchResult {
  database: BenchDatabase;
  latencyMs: number;
  videos: number;
  playlists: number;
  /** Wall time of the first sync (demo → real), as the client saw it. */
  wallMs: number;
  /** The API's own `durationMs` of that sync. */
  syncMs: number;
  /** Wall time of a second, unchanged sync. */
  resyncMs: number;
  apiUnits: number;
  fakeUnits: number;
  expectedUnits: number;
  searchCalls: number;
  rssIdleMb: number;
  rssPeakDuringSyncMb: number;
  /** VmHWM: the process's peak resident set since it started. */
  rssPeakMb: number;
}

/**
 * Wall time and memory of a sync of 5,000 videos. Its API units are judged by `fullSyncUnits`:
 * 1 + 2·⌈V/50⌉ + ⌈P/50⌉ + Σ⌈items of each playlist/50⌉, what each playlist holds (a watch page lists the playlists
 * of its video): 318 for the fake's 100 playlists (14 empty, 29 of more than 50 videos).
 */
export const TARGETS = { wallMs: 10_000, rssMb: 300 } as const;
export const SMOKE = { videos: 120, playlists: 5 } as const;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Builds the API when its production build is missing (or when asked). */
export async function ensureApiBuild(force = false): Promise<void> {
  if (!force && existsSync(API_MAIN)) return;
  await run(join(repoRoot, 'node_modules/.bin/nx'), ['run', 'api:build', '--skipNxCache'], {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
}

export async function runSyncBench(options: SyncBenchOptions): Promise<SyncBenchResult> {
  const log = options.log ?? (() => undefined);
  const fake = await startFakeYouTube({
    videos: options.videos,
    playlists: options.playlists,
    apiKey: 'bench-key',
    latencyMs: options.latencyMs,
  });
  const tempDir = mkdtempSync(join(tmpdir(), 'bench-sync-'));
  const mariadb = options.database === 'mysql' ? await startMariaDb({ log }) : undefined;
  let api: ApiProcess | undefined;
  try {
    api = await startApi(
      {
        ...BENCH_API_ENV,
        NODE_ENV: 'production',
        // As the API's image and npm start run it (startApi's default), unless asked for another value.
        ...(options.mallocArenaMax !== undefined && {
          MALLOC_ARENA_MAX: options.mallocArenaMax > 0 ? String(options.mallocArenaMax) : undefined,
        }),
        YOUTUBE_API_KEY: 'bench-key',
        YOUTUBE_CHANNEL_ID: fake.channel.info.id,
        YOUTUBE_API_BASE_URL: fake.url,
        YOUTUBE_IMAGES_BASE_URL: fake.imagesBaseUrl,
        ...(mariadb ? { DATABASE_URL: mariadb.url } : { SQLITE_PATH: join(tempDir, 'bench.sqlite') }),
      },
      { timeoutMs: 60_000 },
    );
    const client = new ApiClient(api.url);
    const login = await client.login('admin', BENCH_API_ENV.ADMIN_PASSWORD);
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);

    const server = api;
    const rssIdle = server.rss();
    let rssPeak = rssIdle;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, server.rss());
    }, 20);
    fake.resetStats();
    const started = performance.now();
    const first = await client.request('POST', '/api/sync/youtube');
    const wallMs = performance.now() - started;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, server.rss());
    const body = first.body as { apiUnits: number; durationMs: number; videos: number; message?: string };
    if (first.status !== 200)
      throw new Error(`sync failed: ${first.status} ${body.message}\n${server.output()}`);
    if (body.videos !== options.videos)
      throw new Error(`synced ${body.videos} videos, expected ${options.videos}`);
    const stats = fake.stats();

    const again = performance.now();
    const second = await client.request('POST', '/api/sync/youtube');
    const resyncMs = performance.now() - again;
    if (second.status !== 200)
      throw new Error(`re-sync failed: ${second.status} ${JSON.stringify(second.body)}`);

    return {
      database: options.database,
      latencyMs: options.latencyMs ?? 0,
      videos: options.videos,
      playlists: options.playlists,
      wallMs: Math.round(wallMs),
      syncMs: body.durationMs,
      resyncMs: Math.round(resyncMs),
      apiUnits: body.apiUnits,
      fakeUnits: stats.units,
      expectedUnits: fullSyncUnits(
        options.videos,
        options.playlists,
        fake.channel.playlists.map((playlist) => playlist.items.length),
      ),
      searchCalls: stats.calls.search,
      rssIdleMb: mb(rssIdle),
      rssPeakDuringSyncMb: mb(rssPeak),
      rssPeakMb: mb(server.peakRss()),
    };
  } finally {
    await api?.stop();
    await fake.close();
    await mariadb?.stop();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

/** What the targets say about a result; empty when it meets them all. */
export function missedTargets(result: SyncBenchResult): string[] {
  const missed: string[] = [];
  if (result.apiUnits > result.expectedUnits) {
    missed.push(
      `API units ${result.apiUnits} > ${result.expectedUnits} (1 + 2·⌈V/50⌉ + ⌈P/50⌉ + Σ⌈items of each playlist/50⌉)`,
    );
  }
  if (result.apiUnits !== result.fakeUnits)
    missed.push(`API says ${result.apiUnits} units, the fake counted ${result.fakeUnits}`);
  if (result.searchCalls) missed.push(`search.list was called ${result.searchCalls} times`);
  if (result.videos >= 5000 && result.wallMs > TARGETS.wallMs)
    missed.push(`wall time ${result.wallMs} ms > ${TARGETS.wallMs} ms`);
  if (result.rssPeakMb > TARGETS.rssMb) missed.push(`peak RSS ${result.rssPeakMb} MB > ${TARGETS.rssMb} MB`);
  return missed;
}

export function syncMarkdown(results: SyncBenchResult[], when: Date): string {
  const rows = results.map(
    (r) =>
      `| ${r.database === 'sqlite' ? 'SQLite' : 'MariaDB 10.11'} | ${r.videos.toLocaleString('en-US')} / ${r.playlists} | ` +
      `${r.latencyMs ? `${r.latencyMs} ms` : 'none'} | ` +
      `${(r.wallMs / 1000).toFixed(2)} s | ${(r.resyncMs / 1000).toFixed(2)} s | ${r.apiUnits} (fake: ${r.fakeUnits}, ` +
      `formula: ${r.expectedUnits}) | ${r.rssIdleMb} MB | ${r.rssPeakDuringSyncMb} MB | ${r.rssPeakMb} MB |`,
  );
  return [
    '## YouTube sync',
    '',
    '`npx tsx tools/bench/sync.ts --write` (after `npx nx run api:build`): the production build of the API',
    '(`node dist/apps/api/apps/api/src/main.js`, a child process of the benchmark, `NODE_ENV=production`) syncs a',
    'generated channel from the fake YouTube API (`tools/fake-youtube`, on loopback) into a fresh',
    'database that holds the demo content, so the first sync also removes the demo. Wall time is the client’s',
    'view of `POST /api/sync/youtube`; the re-sync is a second, unchanged sync. Memory is the API process’s',
    'resident set from `/proc/<pid>/status`: before the sync, the highest sample (every 20 ms) during it, and',
    'the kernel’s `VmHWM` peak over the whole process life. The API runs with `MALLOC_ARENA_MAX=2`, as its image',
    'and `npm start` start it (libs/node-server/src/malloc-arenas.ts; docs/deployment.md, "Memory").',
    '',
    'The row with added latency delays every fake answer by that much, as a real network would: the uploads pages',
    'are sequential (each needs the previous token), the `videos.list` calls and playlist pages overlap them.',
    '',
    `Targets: the API units of the formula (1 + 2·⌈V/50⌉ + ⌈P/50⌉ + Σ⌈items of each playlist/50⌉), ≤ ${TARGETS.wallMs / 1000} s, ≤ ${TARGETS.rssMb} MB. Measured ${when.toISOString().slice(0, 10)} on ${process.platform} ${process.arch}, Node ${process.versions.node}.`,
    '',
    '| Database | Videos / playlists | Added latency per call | Sync | Re-sync | API units | RSS before | RSS peak during sync | RSS peak (VmHWM) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '`npx tsx tools/bench/sync.ts --smoke` runs the same path with 120 videos and 5 playlists in a few seconds.',
  ].join('\n');
}

/** Replaces this benchmark's section of docs/benchmarks.md (or appends it), leaving the rest alone. */
export function writeBenchmarksDoc(results: SyncBenchResult[], when = new Date()): Promise<string> {
  return writeDocSection('sync-bench', syncMarkdown(results, when));
}

const USAGE =
  'Usage: tsx tools/bench/sync.ts [--smoke] [--videos N] [--playlists M] [--db sqlite|mysql|both] [--latency MS] [--malloc-arena-max N] [--build] [--write]';

function parseCommandLine(argv: string[]) {
  const values = parseOptions(
    argv,
    {
      videos: { type: 'string' },
      playlists: { type: 'string' },
      latency: { type: 'string' },
      'malloc-arena-max': { type: 'string' },
      db: { type: 'string' },
      build: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
      smoke: { type: 'boolean', default: false },
    },
    USAGE,
  );
  const databases: Record<string, BenchDatabase[]> = {
    sqlite: ['sqlite'],
    mysql: ['mysql'],
    both: ['sqlite', 'mysql'],
  };
  if (values.db !== undefined && !Object.hasOwn(databases, values.db))
    throw new Error('--db takes sqlite, mysql or both');
  const base = values.smoke ? SMOKE : { videos: 5000, playlists: 100 };
  return {
    videos: wholeNumber('videos', values.videos) ?? base.videos,
    playlists: wholeNumber('playlists', values.playlists) ?? base.playlists,
    databases: databases[values.db ?? (values.smoke ? 'sqlite' : 'both')],
    build: values.build,
    write: values.write,
    latencyMs: wholeNumber('latency', values.latency) ?? 0,
    mallocArenaMax: wholeNumber('malloc-arena-max', values['malloc-arena-max']),
  };
}

async function main(): Promise<void> {
  const options = parseCommandLine(process.argv.slice(2));
  await ensureApiBuild(options.build);
  const results: SyncBenchResult[] = [];
  let failed = false;
  for (const database of options.databases) {
    console.log(`sync bench: ${options.videos} videos, ${options.playlists} playlists, ${database}…`);
    const result = await runSyncBench({ ...options, database, log: (l) => console.log(`  ${l}`) });
    results.push(result);
    console.log(JSON.stringify(result));
    const missed = missedTargets(result);
    if (missed.length) {
      failed = true;
      for (const line of missed) console.error(`  MISSED: ${line}`);
    }
  }
  if (options.write) {
    // One more SQLite run with network-like latency, to show what the sequential uploads paging costs.
    const latencyMs = options.latencyMs || 50;
    console.log(
      `sync bench: ${options.videos} videos, ${options.playlists} playlists, sqlite, ${latencyMs} ms latency…`,
    );
    const slow = await runSyncBench({ ...options, database: 'sqlite', latencyMs });
    console.log(JSON.stringify(slow));
    results.push(slow);
    console.log(`wrote ${await writeBenchmarksDoc(results)}`);
  }
  if (failed) process.exit(1);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  });
}
