/**
 * Benchmark of the YouTube Analytics import: the built API (a child process, SQLite, test mode so it may talk to the
 * fake Google) connects the owner's account on the fake Google of tools/fake-google (in this process) through the
 * consent page, then imports a year of a channel of VIDEOS videos uploaded over the last 14 months; then one fetch
 * as the nightly one makes it. Measured: wall time, reports.query calls (the fake counts them; the site's own count
 * must agree), rows stored and what the database file grew by.
 *
 *   npx tsx tools/bench/youtube-analytics-import.ts            300 videos, printed
 *   npx tsx tools/bench/youtube-analytics-import.ts --write    …and recorded in docs/benchmarks.md
 *   npx tsx tools/bench/youtube-analytics-import.ts --smoke    20 videos of the last 20 days (seconds)
 */
import { apiPaths, YOUTUBE_ANALYTICS_DAILY_QUERIES, type YoutubeAnalyticsStatus } from '@app/contracts';
import type { FakeGoogleVideo } from '@app/contracts/fake-google';
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAKE_CLIENT, fakeId } from '../fake-google/accounts';
import { startFakeGoogle } from '../fake-google/server';
import { parseOptions } from '../lib/args';
import { startApi } from '../lib/api-process';
import { machine, type SummaryRow, writeDocSection } from './doc';
import { ensureApiBuild } from './sync';

export interface YoutubeImportBenchResult {
  videos: number;
  /** Days of the first import (the history kept). */
  days: number;
  importMs: number;
  /** CPU time the API process spent on it (user + system): the site's own share, the fake's left out. */
  importCpuMs: number;
  importQueries: number;
  /** The site's own count of the day (status `queries.today`) after the import: it must equal the fake's. */
  countedQueries: number;
  rows: Record<string, number>;
  /** The pages of the import's tables and indexes in the SQLite file (`dbstat`). */
  dbBytes: number;
  /** One fetch after the import, as the nightly one runs. */
  refreshMs: number;
  refreshCpuMs: number;
  refreshQueries: number;
}

const TABLES = [
  'youtube_channel_day',
  'youtube_video_day',
  'youtube_breakdown_day',
  'youtube_snapshot',
  'youtube_import_state',
];
const DAY_MS = 86_400_000;
const ADMIN_PASSWORD = 'bench-admin-password';

/** `count` uploads, the newest 3 days ago, one every `everyDays`. */
function uploads(count: number, everyDays: number, seed: number): FakeGoogleVideo[] {
  const newest = Date.now() - 3 * DAY_MS;
  return Array.from({ length: count }, (_, i) => ({
    id: fakeId(seed, 1000 + i, 11),
    publishedAt: new Date(newest - Math.round(i * everyDays * DAY_MS)).toISOString(),
  }));
}

/** CPU time (user + system) of a process so far, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // After the command's name: state is field 3, utime 14 and stime 15 (proc(5)).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The browser's part on Google: the consent page, every scope ticked, and the way back to the site's callback. */
async function consent(baseUrl: string, authorizationUrl: string, email: string): Promise<URL> {
  const html = await (await fetch(authorizationUrl)).text();
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
  if (!request) throw new Error(`no consent form: ${html.slice(0, 300)}`);
  const form = new URLSearchParams({ request, account: email, decision: 'allow' });
  for (const m of html.matchAll(/name="scope" value="([^"]+)"/g)) form.append('scope', m[1]);
  const res = await fetch(`${baseUrl}/accounts.google.com/o/oauth2/v2/auth/consent`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`the consent form answered ${res.status}`);
  return new URL(res.headers.get('location')!);
}

/** Signs in as the admin: a call with the session cookie, redirects not followed. */
async function signIn(base: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  return (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function runYoutubeImportBench(smoke: boolean): Promise<YoutubeImportBenchResult> {
  const videos = smoke ? uploads(20, 1, 7) : uploads(300, 1.4, 7);
  const google = await startFakeGoogle({ seed: 7 });
  const dir = mkdtempSync(join(tmpdir(), 'bench-yt-analytics-'));
  const sqlitePath = join(dir, 'bench.sqlite');
  const owner = google.owner();
  await fetch(`${google.controlUrl}/owner`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ videos }),
  });
  const api = await startApi({
    NODE_ENV: 'test',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    SEED_DEMO_CONTENT: 'false',
    SQLITE_PATH: sqlitePath,
    GOOGLE_BASE_URL: google.baseUrl,
    GOOGLE_CLIENT_ID: FAKE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: FAKE_CLIENT.secret,
    YOUTUBE_CHANNEL_ID: owner.channelId!,
  });
  try {
    const admin = await signIn(api.url);
    const status = async () =>
      (await admin('GET', apiPaths.youtubeAnalyticsStatus)).json() as Promise<YoutubeAnalyticsStatus>;
    const idle = async () => !(await status()).running;

    const connect = await admin('POST', apiPaths.googleAccountConnect, { revenue: true });
    const { authorizationUrl } = (await connect.json()) as { authorizationUrl: string };
    const back = await consent(google.baseUrl, authorizationUrl, owner.email);
    const pid = api.child.pid!;
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    const callback = await admin('GET', `${back.pathname}${back.search}`);
    if (callback.status !== 303) throw new Error(`callback: ${callback.status}`);
    await until(
      'the first import',
      async () => (await status()).firstImport?.done === true && (await idle()),
      600_000,
    );
    const importMs = Math.round(performance.now() - started);
    const importCpuMs = cpuMs(pid) - cpuBefore;
    const importQueries = google.state().analyticsQueries;
    const imported = await status();
    if (imported.lastError) throw new Error(`the import stopped: ${imported.lastError.message}`);

    const refreshCpu = cpuMs(pid);
    const refreshStarted = performance.now();
    await admin('POST', apiPaths.youtubeAnalyticsRefresh);
    await until('the refresh', idle, 120_000);
    const refreshMs = Math.round(performance.now() - refreshStarted);
    const refreshCpuMs = cpuMs(pid) - refreshCpu;
    const refreshQueries = google.state().analyticsQueries - importQueries;

    await api.stop();
    const db = new Database(sqlitePath, { readonly: true });
    const rows = Object.fromEntries(
      TABLES.map((table) => [
        table,
        (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
      ]),
    );
    // The tables' own pages, their primary keys' and the index's (SQLite names them after the table).
    const { bytes } = db
      .prepare("SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name LIKE '%youtube%'")
      .get() as { bytes: number };
    db.close();
    return {
      videos: videos.length,
      days: imported.firstImport!.daysTotal,
      importMs,
      importCpuMs,
      importQueries,
      countedQueries: imported.queries.today,
      rows,
      dbBytes: bytes,
      refreshMs,
      refreshCpuMs,
      refreshQueries,
    };
  } finally {
    await api.stop();
    await google.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the result says against the rules; empty when they hold. */
export function youtubeImportFailures(result: YoutubeImportBenchResult): string[] {
  const failures: string[] = [];
  if (result.countedQueries !== result.importQueries)
    failures.push(`the site counted ${result.countedQueries} queries, the fake ${result.importQueries}`);
  if (!result.rows.youtube_channel_day) failures.push('no channel day stored');
  if (result.refreshQueries >= result.importQueries)
    failures.push('a refresh read as much as the first import');
  return failures;
}

/** The line of the summary table (run.ts): a year's import must fit in one day's query budget. */
export function youtubeImportRows(result: YoutubeImportBenchResult): SummaryRow[] {
  const rows = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
  return [
    {
      what: `YouTube Analytics first import: a year of a ${result.videos}-video channel (fake Google, SQLite)`,
      figure: `${result.importQueries} queries, ${rows.toLocaleString('en-US')} rows, ${mb(result.dbBytes)}; API CPU ${seconds(result.importCpuMs)}; nightly ${result.refreshQueries} queries`,
      target: `≤ ${YOUTUBE_ANALYTICS_DAILY_QUERIES} queries (a day's budget)`,
      met:
        result.importQueries <= YOUTUBE_ANALYTICS_DAILY_QUERIES && youtubeImportFailures(result).length === 0,
    },
  ];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

export function youtubeImportMarkdown(result: YoutubeImportBenchResult, when: Date): string {
  const total = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
  return [
    '## YouTube Analytics import',
    '',
    '`npx tsx tools/bench/youtube-analytics-import.ts --write` (after `npx nx run api:build`): the built API (SQLite)',
    `connects the owner's account on the fake Google (tools/fake-google) through its consent page, with Revenue, and`,
    `imports a year of a channel of ${result.videos} videos uploaded over the last 14 months (a day's top videos are`,
    'read 200 at a time, so a day with more than 200 videos watched takes two queries); then one more fetch, as the',
    "nightly one runs. The fake runs in the benchmark's process and computes every answer from scratch (a year of",
    "300 videos for each breakdown); the API's CPU time is the site's own share. On Google each query also waits on",
    'the network and on Google.',
    '',
    `Measured ${when.toISOString().slice(0, 10)} on ${machine()}.`,
    '',
    '| Fetch | Wall time | API CPU time | reports.query calls | Rows stored | Size in the database |',
    '| --- | --- | --- | --- | --- | --- |',
    `| First import (${result.days} days) | ${seconds(result.importMs)} | ${seconds(result.importCpuMs)} | ${result.importQueries} | ${total.toLocaleString('en-US')} | ${mb(result.dbBytes)} |`,
    `| Nightly (the last 3 days again, new days, breakdowns) | ${seconds(result.refreshMs)} | ${seconds(result.refreshCpuMs)} | ${result.refreshQueries} | | |`,
    '',
    `Rows per table: ${TABLES.map((t) => `\`${t}\` ${result.rows[t].toLocaleString('en-US')}`).join(', ')}.`,
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const options = parseOptions(
    argv,
    { smoke: { type: 'boolean', default: false }, write: { type: 'boolean', default: false } },
    'Usage: tsx tools/bench/youtube-analytics-import.ts [--smoke] [--write]',
  );
  await ensureApiBuild();
  const result = await runYoutubeImportBench(options.smoke);
  console.log(JSON.stringify(result));
  const failures = youtubeImportFailures(result);
  for (const line of failures) console.error(`MISSED: ${line}`);
  if (options.write && !options.smoke) {
    console.log(
      `wrote ${await writeDocSection('youtube-analytics-import', youtubeImportMarkdown(result, new Date()))}`,
    );
  }
  if (failures.length) process.exit(1);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  });
}
