/**
 * API under load: autocannon (50 connections) against the production build of the API on SQLite
 * and on MariaDB, for the public calls, each beside the same bytes served as a static file
 * (express.static in a Node process of its own, the same stack as tools/serve.ts) — the ratio
 * says how close the API gets to "just sending bytes". Peak RSS of the API process is sampled.
 *
 *   tsx tools/bench/api-load.ts [--smoke]
 */
import autocannon from 'autocannon';
import express from 'express';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient, type ApiProcess, startApi } from '../lib/api-process';
import { startMariaDb } from '../mariadb';

export type LoadDatabase = 'sqlite' | 'mysql';

export interface LoadResult {
  database: LoadDatabase;
  path: string;
  bytes: number;
  api: { rps: number; p50: number; p99: number; errors: number; non2xx: number };
  static: { rps: number; p50: number; p99: number };
  ratio: number;
  apiPeakRssMb: number;
}

export const LOAD_TARGETS = { ratio: 0.6, p99Ms: 50 } as const;
export const LOAD_PATHS = ['/api/videos', '/api/channel/stats', '/api/settings'] as const;
const VIDEOS = 1000;

/** A backup with `count` generated videos (the shape of GET /api/admin/export). */
export function backupWithVideos(base: Record<string, unknown>, count: number): Record<string, unknown> {
  const day = 86_400_000;
  const videos = Array.from({ length: count }, (_, i) => ({
    id: `bench${String(i).padStart(6, '0')}`,
    title: `Benchmark video ${i + 1}: a realistic title of typical length`,
    description: `Description of video ${i + 1}. `.repeat(4).trim(),
    thumbnail: `https://i.ytimg.com/vi/bench${String(i).padStart(6, '0')}/hqdefault.jpg`,
    duration: '12:34',
    durationSeconds: 754,
    viewCount: (i * 7919) % 1_000_000,
    publishedAt: new Date(Date.UTC(2026, 0, 1) - i * day).toISOString(),
    featured: i === 0,
    kind: 'video',
  }));
  return { ...base, videos };
}

async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: 50, duration: seconds });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function staticServer(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.use(express.static(dir));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

async function prepare(api: ApiProcess, videos: number): Promise<void> {
  const admin = new ApiClient(api.url);
  const login = await admin.login('admin', 'bench-password-1');
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
  const base = (await admin.request('GET', '/api/admin/export')).body as Record<string, unknown>;
  const res = await admin.request('POST', '/api/admin/import', backupWithVideos(base, videos));
  if (res.status !== 200) throw new Error(`import failed: ${JSON.stringify(res)}`);
}

export async function benchApiLoad(
  options: { smoke?: boolean; databases?: LoadDatabase[]; log?: (line: string) => void } = {},
): Promise<LoadResult[]> {
  const { smoke = false, databases = ['sqlite', 'mysql'], log = () => undefined } = options;
  const seconds = smoke ? 2 : 20;
  const results: LoadResult[] = [];
  for (const database of databases) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
    const db = database === 'mysql' ? await startMariaDb() : undefined;
    const api = await startApi({
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-chars',
      ADMIN_PASSWORD: 'bench-password-1',
      ...(db ? { DATABASE_URL: db.url } : { SQLITE_PATH: join(dir, 'bench.sqlite') }),
    });
    const files = await staticServer(dir);
    try {
      await prepare(api, VIDEOS);
      for (const path of LOAD_PATHS) {
        const body = Buffer.from(await (await fetch(`${api.url}${path}`)).arrayBuffer());
        const file = `${path.replaceAll('/', '_')}.json`;
        writeFileSync(join(dir, file), body);
        let peak = api.rss();
        const sampler = setInterval(() => (peak = Math.max(peak, api.rss())), 250);
        const apiLoad = await load(`${api.url}${path}`, seconds);
        clearInterval(sampler);
        const staticLoad = await load(`${files.url}/${file}`, seconds);
        const result: LoadResult = {
          database,
          path,
          bytes: body.length,
          api: apiLoad,
          static: { rps: staticLoad.rps, p50: staticLoad.p50, p99: staticLoad.p99 },
          ratio: Math.round((apiLoad.rps / staticLoad.rps) * 100) / 100,
          apiPeakRssMb: Math.round(peak / 1024 / 1024),
        };
        log(
          `${database} ${path} (${body.length} B): API ${apiLoad.rps} req/s p50 ${apiLoad.p50} ms p99 ${apiLoad.p99} ms ` +
            `errors ${apiLoad.errors} non-2xx ${apiLoad.non2xx}; static ${staticLoad.rps} req/s; ratio ${result.ratio}; ` +
            `peak RSS ${result.apiPeakRssMb} MB`,
        );
        results.push(result);
      }
    } finally {
      await files.close();
      await api.stop();
      await db?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}

if (require.main === module) {
  benchApiLoad({ smoke: process.argv.includes('--smoke'), log: console.log }).catch((error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  });
}

export function apiLoadMarkdown(results: LoadResult[], when: Date): string {
  const rows = results.map(
    (r) =>
      `| ${r.database === 'sqlite' ? 'SQLite' : 'MariaDB 10.11'} | \`GET ${r.path}\` | ${r.bytes.toLocaleString('en-US')} B | ` +
      `${r.api.rps.toLocaleString('en-US')} | ${r.api.p50} ms | ${r.api.p99} ms | ${r.api.errors + r.api.non2xx} | ` +
      `${r.static.rps.toLocaleString('en-US')} | ${r.static.p99} ms | ${r.ratio} | ${r.apiPeakRssMb} MB |`,
  );
  return [
    '## API under load',
    '',
    '`npm run bench` (or `npx tsx tools/bench/api-load.ts`): the production build of the API (`NODE_ENV=production`,',
    'a child process) with 1,000 videos, 50 connections for 20 s per call (autocannon, loopback), each beside the',
    'same bytes served as a static file by express.static in a Node process of its own. Anonymous public calls',
    'are answered from the response cache that `content_version` keys (see docs/api.md), so the API mostly',
    'sends bytes it already has — as the static server does, minus the file system.',
    '',
    `Targets for \`GET /api/videos\`: at least ${LOAD_TARGETS.ratio * 100}% of the static requests/s; p99 ≤ ${LOAD_TARGETS.p99Ms} ms.`,
    `Measured ${when.toISOString().slice(0, 10)}.`,
    '',
    '| Database | Call | Body | API req/s | p50 | p99 | Errors | Static req/s | Static p99 | API / static | API peak RSS |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
