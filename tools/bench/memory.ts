/**
 * Memory of the production stack as `npm start` runs it: the built API on SQLite and the web app's server
 * (`node dist/apps/web-server/main.cjs`), each its own plain Node process. Resident memory (VmRSS) of both, idle
 * after start and after public traffic (wrk on `/`, a watch page and `GET /api/videos`, through the web server).
 *
 *   npx tsx tools/bench/memory.ts [--write]    (after npx nx run-many -t build -p api web)
 */
import { SERVER_PROCESS_ENV } from '@app/node-server/malloc-arenas';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOptions } from '../lib/args';
import { startApi, BENCH_API_ENV } from '../lib/api-process';
import { freePort, waitForHttp } from '../lib/net';
import { repoRoot } from '../lib/paths';
import { WEB_DIST, WEB_SERVER_MAIN } from '../lib/web-server';
import { machine, writeDocSection, writeRawJson } from './doc';
import { wrk } from './http-cache';

/** The target for the idle stack (the API and the web server, as `npm start` runs them). */
export const MEMORY_TARGET_IDLE_MB = 300;

export interface MemoryResult {
  idle: { apiMb: number; webMb: number; totalMb: number };
  loaded: { apiMb: number; webMb: number; totalMb: number };
  /** The most either process held while under load (sampled every 200 ms). */
  peakTotalMb: number;
  secondsPerPath: number;
  paths: string[];
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round((Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024) * 10) / 10;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function benchMemory(
  options: { smoke?: boolean; log?: (line: string) => void } = {},
): Promise<MemoryResult> {
  const { smoke = false, log = () => undefined } = options;
  const dir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  const api = await startApi({
    ...BENCH_API_ENV,
    TRUST_PROXY: 'true',
    SQLITE_PATH: join(dir, 'bench.sqlite'),
  });
  const port = await freePort();
  const web = spawn(process.execPath, [WEB_SERVER_MAIN], {
    cwd: repoRoot,
    env: {
      ...SERVER_PROCESS_ENV,
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      API_URL: api.url,
      WEB_DIST,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health`, { timeoutMs: 30_000 });
    const videos = (await (await fetch(`${url}/api/videos?limit=1`)).json()) as { id: string }[];
    const paths = ['/', `/videos/${videos[0].id}`, '/api/videos'];
    // One view of each first (the renderer's entry loads on the first page), then let the processes settle.
    for (const path of paths) await fetch(`${url}${path}`, { headers: { Accept: 'text/html' } });
    await sleep(smoke ? 500 : 5000);
    const sample = () => {
      const apiMb = rssMb(api.child.pid!);
      const webMb = rssMb(web.pid!);
      return { apiMb, webMb, totalMb: Math.round((apiMb + webMb) * 10) / 10 };
    };
    const idle = sample();
    log(`idle: API ${idle.apiMb} MB + web server ${idle.webMb} MB = ${idle.totalMb} MB`);
    let peakTotalMb = idle.totalMb;
    const sampler = setInterval(() => (peakTotalMb = Math.max(peakTotalMb, sample().totalMb)), 200);
    const secondsPerPath = smoke ? 1 : 10;
    try {
      for (const path of paths) await wrk(`${url}${path}`, secondsPerPath);
    } finally {
      clearInterval(sampler);
    }
    const loaded = sample();
    log(
      `after load: API ${loaded.apiMb} MB + web server ${loaded.webMb} MB = ${loaded.totalMb} MB (peak ${peakTotalMb} MB)`,
    );
    return { idle, loaded, peakTotalMb, secondsPerPath, paths };
  } finally {
    web.kill('SIGTERM');
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function memoryMarkdown(result: MemoryResult, when: Date): string {
  const row = (what: string, r: MemoryResult['idle']) =>
    `| ${what} | ${r.apiMb} MB | ${r.webMb} MB | ${r.totalMb} MB |`;
  return [
    '## Memory of the production stack',
    '',
    `\`npx tsx tools/bench/memory.ts --write\` on ${when.toISOString().slice(0, 10)}, ${machine()}: the built API on SQLite (demo channel) and the web app's server, each a plain \`node\` process as \`npm start\` runs them; resident memory (VmRSS) of each, idle 5 s after one view of each page, then after wrk (2 threads, 50 connections, ${result.secondsPerPath} s each) on ${result.paths.map((p) => `\`${p}\``).join(', ')} through the web server.`,
    '',
    '| When | API | Web server | Total |',
    '| --- | --- | --- | --- |',
    row('Idle', result.idle),
    row('After load', result.loaded),
    `| Peak under load (sampled every 200 ms) | | | ${result.peakTotalMb} MB |`,
    '',
    `Target: ≤ ${MEMORY_TARGET_IDLE_MB} MB idle. \`npm start\` also runs its small supervisor (\`tools/start.ts\` under tsx), which the Docker image does not have.`,
  ].join('\n');
}

if (require.main === module) {
  const options = parseOptions(
    process.argv.slice(2),
    { write: { type: 'boolean', default: false } },
    'Usage: tsx tools/bench/memory.ts [--write]',
  );
  benchMemory({ log: (line) => console.log(line) })
    .then(async (result) => {
      if (options.write) {
        console.log(await writeDocSection('memory', memoryMarkdown(result, new Date())));
        writeRawJson('memory', result);
      }
      if (result.idle.totalMb > MEMORY_TARGET_IDLE_MB) process.exitCode = 1;
    })
    .catch((error: Error) => {
      console.error(error.stack ?? error.message);
      process.exit(1);
    });
}
