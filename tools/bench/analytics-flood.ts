/**
 * Public reads during an analytics flood (issue 25): the production build of the API on SQLite with the demo
 * channel, 50 keep-alive connections posting junk beacons (20 events each: a new path, referrer, campaign, video,
 * playlist, link, program and sponsor every time, a new user agent every request) while 10 connections read
 * `GET /api/videos` and `GET /api/channel/stats`. It reports the reads' p99 (target < 100 ms), the events taken,
 * and what the flood added to the database: rollup rows (against analyticsRowsPerDayBound), visitor rows, file bytes.
 *
 *   tsx tools/bench/analytics-flood.ts [--seconds 15] [--events 20] [--runs 3] [--smoke]
 *
 * Each run times the reads three times in one API process: alone, during the flood, and beside a trivial load
 * (`GET /api/health` from as many connections at the flood's rate of beacons); the figures are the run of median
 * p99 during the flood.
 *
 * Without --smoke it writes its section of docs/benchmarks.md and docs/bench-raw/analytics-flood.json.
 */
import { analyticsRowsPerDayBound } from '@app/contracts/analytics';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postEventsUntilStopped } from '../lib/analytics-load';
import { type ApiProcess, BENCH_API_ENV, startApi } from '../lib/api-process';
import { parseOptions, wholeNumber } from '../lib/args';
import { cpuMs } from '../lib/process';
import { machine, writeDocSection, writeRawJson } from './doc';

export const FLOOD_TARGET_P99_MS = 100;
const FLOOD_CONNECTIONS = 50;
const READ_CONNECTIONS = 10;
const READ_PATHS = ['/api/videos', '/api/channel/stats'] as const;

export interface ReadStats {
  path: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

export interface FloodResult {
  seconds: number;
  /** Events in each junk beacon (1 to 20). */
  eventsPerBeacon: number;
  eventsAccepted: number;
  beaconsAnswered: number;
  /**
   * CPU time of the API process over the flood and the writes after it, per beacon answered: what a beacon costs
   * the API's thread, whatever else the machine runs (the latencies are not).
   */
  apiCpuMsPerBeacon: number;
  /** The public reads during the flood (the figure with the target). */
  reads: ReadStats[];
  /** The same reads, same process, just before the flood: what the machine does without it. */
  quiet: ReadStats[];
  /**
   * The same reads while FLOOD_CONNECTIONS connections ask the trivial `GET /api/health` at the flood's rate of
   * beacons: what any request at that rate costs the readers on this machine (the load generator included).
   */
  trivial: { path: string; rate: number; answered: number; reads: ReadStats[] };
  videos: number;
  rollupRowsBefore: number;
  rollupRowsAfter: number;
  /** analyticsRowsPerDayBound(videos), as docs/analytics.md computes it. */
  rowBound: number;
  visitorRows: number;
  bytesBefore: number;
  bytesAfter: number;
}

const TRIVIAL_PATH = '/api/health';

/** READ_CONNECTIONS connections reading READ_PATHS for `seconds`. */
function readPublic(url: string, seconds: number): Promise<ReadStats[]> {
  return Promise.all(
    READ_PATHS.map(async (path) => {
      const result = await autocannon({
        url: `${url}${path}`,
        connections: READ_CONNECTIONS / READ_PATHS.length,
        duration: seconds,
      });
      return {
        path,
        requests: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        errors: result.errors + result.timeouts + result.non2xx,
      };
    }),
  );
}

/** The n-th junk beacon: `size` events (of the 20 below), every id in it new. */
function junkBeacon(n: number, size: number): string {
  const events = [];
  for (let j = 0; j < 2; j++) {
    const id = `${n}-${j}-${Math.random().toString(36).slice(2, 8)}`;
    events.push(
      {
        kind: 'pageview',
        path: `/junk-${id}`,
        referrer: `https://ref-${id}.example/x`,
        utm: { source: `s${id}`, campaign: `c${id}` },
        viewport: 'desktop',
      },
      { kind: 'hero_impression', path: '/', variant: 'A' },
      { kind: 'hero_click', path: '/', variant: 'B' },
      { kind: 'play', path: '/', videoId: `fake-${id}`.slice(0, 32), where: 'grid' },
      { kind: 'play_progress', path: '/', videoId: `fake-${id}`.slice(0, 32), milestone: 50 },
      { kind: 'playlist_open', path: '/', playlistId: `PL${id}`.slice(0, 64) },
      { kind: 'subscribe_click', path: '/', where: `w${id}`.slice(0, 32) },
      { kind: 'community_click', path: '/', card: 'discord' },
      { kind: 'affiliate_click', path: '/', programId: `p${id}` },
      { kind: 'sponsor_click', path: '/', sponsorId: `s${id}` },
    );
  }
  return JSON.stringify({ events: events.slice(0, size) });
}

function sqliteBytes(path: string): number {
  return [path, `${path}-wal`, `${path}-shm`].reduce(
    (sum, f) => sum + (existsSync(f) ? statSync(f).size : 0),
    0,
  );
}

function count(path: string, sql: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return Number((db.prepare(sql).get() as { n: number }).n);
  } finally {
    db.close();
  }
}

/** `apiMain`: the build to run (default dist/; tools/bench/analytics-flood-ab.ts compares two). */
export async function benchAnalyticsFlood(
  seconds: number,
  eventsPerBeacon = 20,
  apiMain?: string,
): Promise<FloodResult> {
  const dir = mkdtempSync(join(tmpdir(), 'analytics-flood-'));
  const sqlitePath = join(dir, 'api.sqlite');
  let api: ApiProcess | undefined;
  try {
    api = await startApi(
      {
        ...BENCH_API_ENV,
        SQLITE_PATH: sqlitePath,
        // To profile the API under the flood: BENCH_API_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof'.
        ...(process.env.BENCH_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {}),
      },
      { main: apiMain },
    );
    // Warm up (the public cache, the statements), then let the first flush and the daily maintenance pass.
    for (const path of READ_PATHS) await fetch(`${api.url}${path}`).then((res) => res.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const rollupRowsBefore = count(sqlitePath, 'SELECT COUNT(*) AS n FROM analytics_rollup');
    const videos = count(sqlitePath, 'SELECT COUNT(*) AS n FROM video');
    const bytesBefore = sqliteBytes(sqlitePath);

    const quiet = await readPublic(api.url, seconds);
    const cpuBefore = cpuMs(api.child.pid!);
    const flood = postEventsUntilStopped(api.url, FLOOD_CONNECTIONS, (n) => junkBeacon(n, eventsPerBeacon));
    const reads = await readPublic(api.url, seconds);
    flood.stop();
    const outcome = await flood.done;
    // Everything taken is written within a second or two.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const apiCpuMs = cpuMs(api.child.pid!) - cpuBefore;
    const rollupRowsAfter = count(sqlitePath, 'SELECT COUNT(*) AS n FROM analytics_rollup');
    const visitorRows = count(sqlitePath, 'SELECT COUNT(*) AS n FROM analytics_visitor');
    const bytesAfter = sqliteBytes(sqlitePath);
    const rate = Math.max(1, Math.round(outcome.answered / seconds));
    const [trivialLoad, trivialReads] = await Promise.all([
      autocannon({
        url: `${api.url}${TRIVIAL_PATH}`,
        connections: FLOOD_CONNECTIONS,
        overallRate: rate,
        duration: seconds,
      }),
      readPublic(api.url, seconds),
    ]);
    return {
      seconds,
      eventsPerBeacon,
      eventsAccepted: outcome.accepted,
      beaconsAnswered: outcome.answered,
      apiCpuMsPerBeacon: Math.round((apiCpuMs / Math.max(1, outcome.answered)) * 1000) / 1000,
      reads,
      quiet,
      trivial: { path: TRIVIAL_PATH, rate, answered: trivialLoad['2xx'], reads: trivialReads },
      videos,
      rollupRowsBefore,
      rollupRowsAfter,
      rowBound: analyticsRowsPerDayBound(videos),
      visitorRows,
      bytesBefore,
      bytesAfter,
    };
  } finally {
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The summary table's rows (tools/bench/run.ts). */
export function floodRows(r: FloodResult): { what: string; figure: string; target: string; met: boolean }[] {
  return [
    ...r.reads.map((read) => ({
      what: `\`GET ${read.path}\` during an analytics flood (${FLOOD_CONNECTIONS} connections of junk beacons), SQLite`,
      figure: `p99 ${read.p99} ms; ${read.errors} errors`,
      target: `p99 < ${FLOOD_TARGET_P99_MS} ms`,
      met: read.p99 < FLOOD_TARGET_P99_MS && read.errors === 0,
    })),
    {
      what: `Rollup rows the flood added (${r.eventsAccepted.toLocaleString('en-US')} events)`,
      figure: (r.rollupRowsAfter - r.rollupRowsBefore).toLocaleString('en-US'),
      target: `≤ ${r.rowBound.toLocaleString('en-US')} (a day's bound)`,
      met: r.rollupRowsAfter - r.rollupRowsBefore <= r.rowBound,
    },
  ];
}

/** What a smoke run checks: no read failed and the rows stayed within the bound (the p99 needs a full run). */
export function floodSmokeFailures(r: FloodResult): string[] {
  return floodFailures(r).filter((failure) => !/: p99 \d+ ms, 0 errors/.test(failure));
}

export function floodFailures(r: FloodResult): string[] {
  return [
    ...r.reads
      .filter((read) => read.p99 >= FLOOD_TARGET_P99_MS || read.errors > 0)
      .map((read) => `${read.path}: p99 ${read.p99} ms, ${read.errors} errors during the flood`),
    ...(r.rollupRowsAfter - r.rollupRowsBefore > r.rowBound
      ? [`the flood added ${r.rollupRowsAfter - r.rollupRowsBefore} rollup rows, bound ${r.rowBound}`]
      : []),
  ];
}

const worstP99 = (reads: ReadStats[]) => Math.max(...reads.map((read) => read.p99));

/** The run of median worst flood p99 (of an odd number of runs: the middle one). */
export function medianRun(runs: FloodResult[]): FloodResult {
  return [...runs].sort((a, b) => worstP99(a.reads) - worstP99(b.reads))[Math.floor(runs.length / 2)];
}

/** The doc section: the median run's table (`r`), and each run's worst p99 per phase (`runs`). */
export function floodMarkdown(r: FloodResult, runs: FloodResult[] = [r]): string {
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  const phases: [string, ReadStats[]][] = [
    ['alone (no other load)', r.quiet],
    ['**during the flood**', r.reads],
    [`beside \`GET ${r.trivial.path}\` at the flood's rate`, r.trivial.reads],
  ];
  return [
    '## Public reads during an analytics flood',
    '',
    `\`npx tsx tools/bench/analytics-flood.ts\` on ${machine()}: the production build of the API on SQLite with the demo`,
    `channel (${r.videos} videos); ${FLOOD_CONNECTIONS} connections post junk beacons for ${r.seconds} s (${r.eventsPerBeacon} events each, every path,`,
    'referrer, campaign and id new, a new user agent per request, from loopback: no per-address limit) while',
    `${READ_CONNECTIONS} connections read the public calls below. Target: p99 < ${FLOOD_TARGET_P99_MS} ms. In the same run and the same`,
    `API process the same reads are timed alone before the flood, and after it beside ${FLOOD_CONNECTIONS} connections asking the trivial`,
    `\`GET ${r.trivial.path}\` at the flood's rate of beacons (${r.trivial.rate.toLocaleString('en-US')}/s): the load generator, the readers and the API share the`,
    "machine's cores, so that row is what any request at that rate costs the readers here, analytics or not.",
    `${runs.length} run${runs.length > 1 ? 's' : ''}; the table is the run of median p99 during the flood.`,
    '',
    '| Reads | Read | Requests | p50 | p99 | max | Errors |',
    '| ----- | ---- | -------- | --- | --- | --- | ------ |',
    ...phases.flatMap(([phase, reads]) =>
      reads.map(
        (read) =>
          `| ${phase} | \`GET ${read.path}\` | ${read.requests.toLocaleString('en-US')} | ${read.p50} ms | ${read.p99} ms | ${read.max} ms | ${read.errors} |`,
      ),
    ),
    '',
    `Result: p99 during the flood ${r.reads.map((read) => `${read.p99} ms`).join(' and ')} (${r.reads.every((read) => read.p99 < FLOOD_TARGET_P99_MS) ? 'target met' : 'target missed'}).`,
    ...(runs.length > 1
      ? [
          `Worst p99 of each run (alone / flood / trivial load): ${runs
            .map(
              (run) => `${worstP99(run.quiet)} / ${worstP99(run.reads)} / ${worstP99(run.trivial.reads)} ms`,
            )
            .join('; ')}.`,
        ]
      : []),
    `The flood had ${r.eventsAccepted.toLocaleString('en-US')} events taken in ${r.beaconsAnswered.toLocaleString('en-US')} beacons`,
    `(${Math.round(r.eventsAccepted / r.seconds).toLocaleString('en-US')} events/s; issue 25's flood was 51,080 events in 15 s, about 3,400/s);`,
    `the API's CPU time per beacon (taking, answering and writing it): ${r.apiCpuMsPerBeacon} ms.`,
    `Rollup rows: ${r.rollupRowsBefore.toLocaleString('en-US')} before, ${r.rollupRowsAfter.toLocaleString('en-US')} after`,
    `(+${(r.rollupRowsAfter - r.rollupRowsBefore).toLocaleString('en-US')}; the bound of a day is ${r.rowBound.toLocaleString('en-US')}, docs/analytics.md).`,
    `Visitor rows (today's, rolled up and deleted after a day): ${r.visitorRows.toLocaleString('en-US')}.`,
    `Database with WAL: ${mb(r.bytesBefore)} MB before, ${mb(r.bytesAfter)} MB after.`,
  ].join('\n');
}

if (require.main === module) {
  const usage =
    'tsx tools/bench/analytics-flood.ts [--seconds N] [--events 1-20 per beacon] [--runs N (3)] [--smoke]';
  const options = parseOptions(
    process.argv.slice(2),
    {
      seconds: { type: 'string' },
      events: { type: 'string' },
      runs: { type: 'string' },
      smoke: { type: 'boolean' },
    },
    usage,
  );
  const runs = options.smoke ? 1 : (wholeNumber('runs', options.runs) ?? 3);
  const seconds = options.smoke ? 3 : (wholeNumber('seconds', options.seconds) ?? 15);
  const events = Math.min(20, Math.max(1, wholeNumber('events', options.events) ?? 20));
  void (async () => {
    const results: FloodResult[] = [];
    for (let i = 0; i < runs; i++) {
      results.push(await benchAnalyticsFlood(seconds, events));
      console.log(JSON.stringify(results[i]));
    }
    const result = medianRun(results);
    console.log(floodMarkdown(result, results));
    if (!options.smoke) {
      writeRawJson('analytics-flood', { median: result, runs: results });
      console.log(`wrote ${await writeDocSection('analytics-flood', floodMarkdown(result, results))}`);
    }
    const failures = floodFailures(result);
    for (const failure of failures) console.error(`target missed: ${failure}`);
    process.exitCode = failures.length ? 1 : 0;
  })().catch((error: Error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
