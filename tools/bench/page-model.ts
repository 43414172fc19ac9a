/**
 * What a server render costs the API: its one call, the page model (docs/architecture.md, "Caches between a save
 * and the page"). Against the production build of the API (SQLite, the demo channel), once without and once with
 * PUBLIC_URL:
 * - the median wall time of one view of `/` when nothing changed (the web server's conditional
 *   `GET /api/page?path=/`, a 304);
 * - the same after a change (`GET /api/page?path=/` with its body);
 * - wrk (1 thread, 10 connections) on the model's answers: its body and its 304.
 *
 *   npx nx run api:build && npx tsx tools/bench/page-model.ts [--runs 200] [--seconds 5]
 */
import { apiPaths, pageModelUrl } from '@app/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOptions, wholeNumber } from '../lib/args';
import { ApiClient, BENCH_API_ENV, startApi } from '../lib/api-process';
import { runWrk, type WrkResult } from './http-cache';

const USAGE = 'npx tsx tools/bench/page-model.ts [--runs 200] [--seconds 5]';

function wrkWith(url: string, seconds: number, headers: string[]): Promise<WrkResult> {
  return runWrk(['-t1', '-c10', `-d${seconds}s`, '--latency', ...headers.flatMap((h) => ['-H', h]), url]);
}

async function call(base: string, method: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, base), { method, headers });
  await res.arrayBuffer();
  return res;
}

/** Median wall time (ms) of `calls` made in parallel, `runs` times, each after `before` (not timed). */
async function median(
  runs: number,
  calls: () => Promise<unknown>[],
  before: (run: number) => Promise<unknown> = async () => undefined,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before(i);
    const start = performance.now();
    await Promise.all(calls());
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)] * 100) / 100;
}

async function main(): Promise<void> {
  const values = parseOptions(
    process.argv.slice(2),
    { runs: { type: 'string' }, seconds: { type: 'string' } },
    USAGE,
  );
  const runs = wholeNumber('runs', values.runs) ?? 200;
  const seconds = wholeNumber('seconds', values.seconds) ?? 5;
  const lines = ['| PUBLIC_URL | What | Page model |', '| ---------- | ---- | ---------- |'];
  for (const publicUrl of [undefined, 'http://site.example']) {
    const dir = mkdtempSync(join(tmpdir(), 'page-model-bench-'));
    const api = await startApi({
      ...BENCH_API_ENV,
      SQLITE_PATH: join(dir, 'bench.sqlite'),
      ...(publicUrl && { PUBLIC_URL: publicUrl }),
    });
    try {
      const home = pageModelUrl('/');
      const etag = (await call(api.url, 'GET', home)).headers.get('etag') ?? '';
      const conditional = await call(api.url, 'GET', home, { 'If-None-Match': etag });
      if (conditional.status !== 304) throw new Error(`expected a 304, got ${conditional.status}`);
      const unchanged = await median(runs, () => [call(api.url, 'GET', home, { 'If-None-Match': etag })]);
      // A save before each view: every answer is built again.
      const admin = new ApiClient(api.url);
      await admin.login('admin', BENCH_API_ENV.ADMIN_PASSWORD);
      const save = (run: number) =>
        admin.request('POST', apiPaths.setting('siteTitle'), { value: `Bench ${run}` }).then(({ status }) => {
          if (status !== 200) throw new Error(`the save answered ${status}`);
        });
      const changed = await median(runs, () => [call(api.url, 'GET', home)], save);
      const body = await wrkWith(`${api.url}${home}`, seconds, []);
      // The saves above moved the version: the ETag of now.
      const current = (await call(api.url, 'GET', home)).headers.get('etag') ?? '';
      const notModified = await wrkWith(`${api.url}${home}`, seconds, [`If-None-Match: ${current}`]);
      const url = publicUrl ? 'set' : 'unset';
      const rate = (r: WrkResult) => `${r.rps} req/s, p99 ${r.p99} ms`;
      lines.push(
        `| ${url} | a view of \`/\`, nothing changed (median of ${runs}) | ${unchanged} ms, 1 call (304) |`,
        `| ${url} | a view of \`/\` after a change (median of ${runs}) | ${changed} ms, 1 call |`,
        `| ${url} | wrk: the model's body | ${rate(body)} |`,
        `| ${url} | wrk: the model's 304 | ${rate(notModified)} |`,
      );
    } finally {
      await api.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(lines.join('\n'));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
