/**
 * Benchmark of the light live check (issue 17): the production build of the API (a child process, SQLite)
 * runs `POST /api/sync/live-check` against the fake YouTube API (in this process) a few times; the fake
 * counts the units each check spends. The daily cost at the default interval is computed from that
 * measured cost per check, not assumed.
 *
 *   npx tsx tools/bench/live-check.ts            5 checks, printed
 *   npx tsx tools/bench/live-check.ts --write    …and recorded in docs/benchmarks.md
 *   npx tsx tools/bench/live-check.ts --smoke    2 checks
 */
import { LIVE_CHECK_DEFAULT_INTERVAL_MINUTES } from '@app/contracts';
import { LIVE_CHECK_UNITS, YOUTUBE_DAILY_QUOTA } from '@app/contracts/youtube';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeYouTube } from '../fake-youtube/server';
import { ApiClient, type ApiProcess, startApi } from '../lib/api-process';
import { parseOptions } from '../lib/args';
import { machine, writeDocSection } from './doc';
import { ensureApiBuild } from './sync';

export interface LiveCheckBenchResult {
  checks: number;
  /** Units the fake counted, per check (every check the same). */
  unitsPerCheck: number[];
  searchCalls: number;
  /** Median wall time of `POST /api/sync/live-check` on loopback. */
  medianMs: number;
  intervalMinutes: number;
  checksPerDay: number;
  /** The measured units per check × the checks a day at the default interval. */
  unitsPerDay: number;
}

export async function runLiveCheckBench(checks: number): Promise<LiveCheckBenchResult> {
  const fake = await startFakeYouTube({ videos: 120, playlists: 5, apiKey: 'bench-key' });
  const tempDir = mkdtempSync(join(tmpdir(), 'bench-live-'));
  let api: ApiProcess | undefined;
  try {
    // The scheduled check stays off (startApi's test mode): only the measured calls reach the fake.
    api = await startApi(
      {
        YOUTUBE_API_KEY: 'bench-key',
        YOUTUBE_CHANNEL_ID: fake.channel.info.id,
        YOUTUBE_API_BASE_URL: fake.url,
        YOUTUBE_IMAGES_BASE_URL: fake.imagesBaseUrl,
        SQLITE_PATH: join(tempDir, 'bench.sqlite'),
      },
      { timeoutMs: 60_000 },
    );
    const client = new ApiClient(api.url);
    const login = await client.login();
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);

    const unitsPerCheck: number[] = [];
    const times: number[] = [];
    for (let i = 0; i < checks; i++) {
      fake.resetStats();
      const started = performance.now();
      const res = await client.request('POST', '/api/sync/live-check');
      times.push(performance.now() - started);
      if (res.status !== 200)
        throw new Error(`live check failed: ${res.status} ${JSON.stringify(res.body)}\n${api.output()}`);
      unitsPerCheck.push(fake.stats().units);
    }
    const searchCalls = fake.stats().calls.search;
    times.sort((a, b) => a - b);
    const intervalMinutes = LIVE_CHECK_DEFAULT_INTERVAL_MINUTES;
    const checksPerDay = Math.ceil((24 * 60) / intervalMinutes);
    return {
      checks,
      unitsPerCheck,
      searchCalls,
      medianMs: Math.round(times[Math.floor(times.length / 2)]),
      intervalMinutes,
      checksPerDay,
      unitsPerDay: Math.max(...unitsPerCheck) * checksPerDay,
    };
  } finally {
    await api?.stop();
    await fake.close();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

/** What the result says against the rule (2 units a check, never search.list); empty when it holds. */
export function liveCheckFailures(result: LiveCheckBenchResult): string[] {
  const failures: string[] = [];
  if (result.unitsPerCheck.some((units) => units !== LIVE_CHECK_UNITS))
    failures.push(`live check units ${result.unitsPerCheck.join(', ')}, expected ${LIVE_CHECK_UNITS} each`);
  if (result.searchCalls) failures.push(`search.list was called ${result.searchCalls} times`);
  return failures;
}

export function liveCheckMarkdown(result: LiveCheckBenchResult, when: Date): string {
  const share = ((result.unitsPerDay / YOUTUBE_DAILY_QUOTA) * 100).toFixed(2);
  return [
    '## Live check quota',
    '',
    '`npx tsx tools/bench/live-check.ts --write` (after `npx nx run api:build`): the production build of the API',
    `runs \`POST /api/sync/live-check\` ${result.checks} times against the fake YouTube API, which counts the units of`,
    'each check. The daily figure is the measured cost of one check times the checks a day at the default',
    '`liveCheckIntervalMinutes`.',
    '',
    `Measured ${when.toISOString().slice(0, 10)} on ${machine()}.`,
    '',
    '| Units per check (measured) | `search.list` calls | Median check (loopback) | Interval (default) | Checks a day | Units a day | Share of the 10,000-unit quota |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${[...new Set(result.unitsPerCheck)].join(', ')} | ${result.searchCalls} | ${result.medianMs} ms | ${result.intervalMinutes} min | ${result.checksPerDay} | ${result.unitsPerDay.toLocaleString('en-US')} | ${share} % |`,
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const options = parseOptions(
    argv,
    { smoke: { type: 'boolean', default: false }, write: { type: 'boolean', default: false } },
    'Usage: tsx tools/bench/live-check.ts [--smoke] [--write]',
  );
  await ensureApiBuild();
  const result = await runLiveCheckBench(options.smoke ? 2 : 5);
  console.log(JSON.stringify(result));
  const failures = liveCheckFailures(result);
  for (const line of failures) console.error(`MISSED: ${line}`);
  if (options.write && !options.smoke) {
    console.log(`wrote ${await writeDocSection('live-check-bench', liveCheckMarkdown(result, new Date()))}`);
  }
  if (failures.length) process.exit(1);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  });
}
