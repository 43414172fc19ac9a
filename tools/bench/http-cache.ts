/**
 * Public traffic through the web servers, side by side in one run (wrk, 50 connections, gzip as
 * browsers ask): the compose nginx config (apps/web/nginx.conf, its micro-cache in front of the
 * web app's server and the production API) against nginx serving the same bytes as static files, the limit;
 * `npm start`'s web server (apps/web/server, its bundle) against its own static file of the same bytes; and the time from a
 * dashboard save to the change being served through nginx. wrk, not autocannon: autocannon
 * misreports latency on `Connection: close` answers.
 *
 *   tsx tools/bench/http-cache.ts [--smoke] [--write]
 */
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseOptions } from '../lib/args';
import { ApiClient, startApi, BENCH_API_ENV } from '../lib/api-process';
import { freePort } from '../lib/net';
import { nginxBinary, type RunningNginx, startNginx } from '../lib/nginx';
import {
  loadWebServer,
  type RunningWebServer,
  WEB_DIST,
  type WebServerBundle,
  SSR_ENTRY,
} from '../lib/web-server';
import { requireCommand } from '../system-deps';
import { backupWithVideos } from './api-load';
import { machine, writeDocSection, writeRawJson } from './doc';

export const HTTP_CACHE_PATHS = ['/', '/api/videos', '/api/settings', '/api/channel/stats'] as const;
/** The smoke run (npm test, whose time is short) takes the page and one API call. */
const SMOKE_PATHS = ['/', '/api/videos'] as const;
export const HTTP_CACHE_TARGETS = { nginxRatio: 0.5, nginxP99Ms: 5, serveRatio: 0.9, saveToServedMs: 1000 };
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';
/** As the issue measured: the demo channel's 48 videos. */
const VIDEOS = 48;
const CONNECTIONS = 50;

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface HttpCacheRow {
  server: 'nginx' | 'npm start';
  path: string;
  bytes: number;
  encoding: string;
  served: WrkResult;
  /** The same bytes as a static file, from the same kind of server. */
  limit: WrkResult;
  ratio: number;
}

export interface HttpCacheResult {
  rows: HttpCacheRow[];
  /** Dashboard save → the change served through nginx to an anonymous visitor, each attempt. */
  saveToServedMs: number[];
}

/** wrk's latency figure (`812.00us`, `1.20ms`, `2.01s`) in milliseconds. */
export function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`not a wrk latency: ${text}`);
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Math.round(Number(match[1]) * factor * 100) / 100;
}

/** Requests/s, p50, p99 and errors (socket errors and non-2xx/3xx answers) of `wrk --latency` output. */
export function parseWrk(output: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p50 = /^\s+50%\s+(\S+)/m.exec(output);
  const p99 = /^\s+99%\s+(\S+)/m.exec(output);
  if (!rps || !p50 || !p99) throw new Error(`unexpected wrk output:\n${output}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  const errors =
    (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) + Number(non2xx?.[1] ?? 0);
  return { rps: Math.round(Number(rps[1])), p50: wrkMs(p50[1]), p99: wrkMs(p99[1]), errors };
}

export function wrk(url: string, seconds: number): Promise<WrkResult> {
  return runWrk([
    '-t2',
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    '--latency',
    '-H',
    `Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`,
    url,
  ]);
}

/** Runs `wrk` with `args` (which include `--latency`) and reads its output. */
export function runWrk(args: string[]): Promise<WrkResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(requireCommand('wrk'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(parseWrk(output)) : reject(new Error(`wrk exited ${code}: ${output}`)),
    );
  });
}

/** The body exactly as sent to a browser (raw, still compressed), and its encoding. */
function rawBody(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    httpRequest(
      url,
      { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, accept: 'text/html', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] ?? 'identity' }),
        );
        res.on('error', reject);
      },
    )
      .on('error', reject)
      .end();
  });
}

/** `nginx` serving a directory of files, with their `.gz` forms sent as they are. */
export const STATIC_NGINX_CONF = `
server {
  listen 80;
  root /usr/share/nginx/html;
  gzip_static on;
  location / { default_type application/octet-stream; }
}
`;

/** File name for the static copy of a path's answer. */
const fileFor = (path: string) => (path === '/' ? 'page.html' : `${path.slice(1).replaceAll('/', '_')}.json`);

/** Writes `file` (and `file.gz` when the answer was gzipped) into `dir`: the bytes as sent. */
async function capture(url: string, dir: string, file: string): Promise<{ bytes: number; encoding: string }> {
  const { body, encoding } = await rawBody(url);
  if (encoding === 'gzip') {
    writeFileSync(join(dir, `${file}.gz`), body);
    writeFileSync(join(dir, file), gunzipSync(body));
  } else writeFileSync(join(dir, file), body);
  return { bytes: body.length, encoding };
}

async function saveToServed(nginxUrl: string, admin: ApiClient, attempts: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const title = `Bench title ${Date.now()}-${i}`;
    const saved = await admin.request('POST', '/api/settings/siteTitle', { value: title });
    if (saved.status !== 200) throw new Error(`save failed: ${JSON.stringify(saved)}`);
    const start = performance.now();
    for (;;) {
      const res = await fetch(`${nginxUrl}/api/settings`);
      const body = (await res.json()) as { siteTitle?: string };
      if (body.siteTitle === title) break;
      if (performance.now() - start > 10_000) throw new Error('the change was not served within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    times.push(Math.round(performance.now() - start));
    // Keep the next save off the same second boundary.
    await new Promise((resolve) => setTimeout(resolve, 300 + 137 * i));
  }
  return times;
}

export interface HttpCacheOptions {
  smoke?: boolean;
  log?: (line: string) => void;
  /** Another nginx config or web server to measure instead (the numbers before a change). */
  nginxConf?: string;
  startWeb?: WebServerBundle['startWebServer'];
}

export async function benchHttpCache(options: HttpCacheOptions = {}): Promise<HttpCacheResult> {
  const { smoke = false, log = () => undefined } = options;
  const seconds = smoke ? 1 : 10;
  const paths: readonly string[] = smoke ? SMOKE_PATHS : HTTP_CACHE_PATHS;
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed (Debian package nginx)');
  const dir = mkdtempSync(join(tmpdir(), 'bench-http-cache-'));
  const files = join(dir, 'files');
  const dist = join(dir, 'dist');
  cpSync(WEB_DIST, dist, { recursive: true });
  cpSync(dist, files, { recursive: true });
  // A root-started nginx's workers run as nobody.
  for (const path of [dir, dist, files]) chmodSync(path, 0o755);
  const running: { stop(): Promise<unknown> }[] = [];
  try {
    const api = await startApi({
      ...BENCH_API_ENV,
      TRUST_PROXY: 'true',
      SQLITE_PATH: join(dir, 'bench.sqlite'),
    });
    running.push(api);
    // The web app's server (the bundle npm start and the image run), on one port for the whole run: the compose
    // nginx is in front of it, as docker-compose puts them together.
    const webPort = await freePort();
    const startWeb = () =>
      (options.startWeb ?? loadWebServer().startWebServer)({
        port: webPort,
        apiUrl: api.url,
        distDir: dist,
        ssrEntry: SSR_ENTRY,
        trustProxy: true,
      });
    let web: RunningWebServer = await startWeb();
    const stopWeb = { stop: () => web.close() };
    running.push(stopWeb);
    const site: RunningNginx = await startNginx(nginx, {
      web: `127.0.0.1:${webPort}`,
      conf: options.nginxConf,
    });
    running.push(site);
    const statics: RunningNginx = await startNginx(nginx, {
      web: '127.0.0.1:9',
      root: files,
      conf: STATIC_NGINX_CONF,
    });
    running.push(statics);

    const admin = new ApiClient(site.url);
    const login = await admin.login('admin', 'bench-password-1');
    if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
    const base = (await admin.request('GET', '/api/admin/export')).body as Record<string, unknown>;
    const imported = await admin.request('POST', '/api/admin/import', backupWithVideos(base, VIDEOS));
    if (imported.status !== 200) throw new Error(`import failed: ${JSON.stringify(imported)}`);

    // The bytes each server sends, as static files: nginx's for the static nginx; npm start's into its
    // own dist, which it reads (with the .gz files beside) when it starts, so it starts again.
    const nginxAnswers = new Map<string, { bytes: number; encoding: string }>();
    for (const path of paths)
      nginxAnswers.set(path, await capture(`${site.url}${path}`, files, fileFor(path)));
    const webAnswers = new Map<string, { bytes: number; encoding: string }>();
    for (const path of paths) webAnswers.set(path, await capture(`${web.url}${path}`, dist, fileFor(path)));
    await web.close();
    web = await startWeb();

    const rows: HttpCacheRow[] = [];
    for (const [server, url, limitUrl, answers] of [
      ['nginx', site.url, statics.url, nginxAnswers],
      ['npm start', web.url, web.url, webAnswers],
    ] as const) {
      for (const path of paths) {
        const { bytes, encoding } = answers.get(path)!;
        const served = await wrk(`${url}${path}`, seconds);
        const limit = await wrk(`${limitUrl}/${fileFor(path)}`, seconds);
        const row: HttpCacheRow = {
          server,
          path,
          bytes,
          encoding,
          served,
          limit,
          ratio: Math.round((served.rps / limit.rps) * 100) / 100,
        };
        log(
          `${server} ${path} (${bytes} B ${encoding}): ${served.rps} req/s p50 ${served.p50} ms p99 ${served.p99} ms, errors ${served.errors}; ` +
            `static ${limit.rps} req/s p99 ${limit.p99} ms; ratio ${row.ratio}`,
        );
        rows.push(row);
      }
    }
    const saveToServedMs = await saveToServed(site.url, admin, smoke ? 2 : 8);
    log(`dashboard save → served through nginx: ${saveToServedMs.join(', ')} ms`);
    return { rows, saveToServedMs };
  } finally {
    for (const server of running.reverse()) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Targets missed (the smoke run checks only that nothing failed). */
export function httpCacheFailures(result: HttpCacheResult, smoke: boolean): string[] {
  const failures = result.rows
    .filter((r) => r.served.errors > 0)
    .map((r) => `${r.server} ${r.path}: ${r.served.errors} errors under load`);
  if (smoke) return failures;
  for (const r of result.rows) {
    if (
      r.server === 'nginx' &&
      (r.ratio < HTTP_CACHE_TARGETS.nginxRatio || r.served.p99 > HTTP_CACHE_TARGETS.nginxP99Ms)
    )
      failures.push(`nginx ${r.path}: ${Math.round(r.ratio * 100)}% of static, p99 ${r.served.p99} ms`);
    if (r.server === 'npm start' && r.ratio < HTTP_CACHE_TARGETS.serveRatio)
      failures.push(`npm start ${r.path}: ${Math.round(r.ratio * 100)}% of its static file`);
  }
  return failures;
}

export function httpCacheMarkdown(result: HttpCacheResult, when: Date, machine: string): string {
  const rows = result.rows.map(
    (r) =>
      `| ${r.server} | \`${r.path}\` | ${r.bytes.toLocaleString('en-US')} B ${r.encoding} | ${r.served.rps.toLocaleString('en-US')} | ${r.served.p50} ms | ${r.served.p99} ms | ` +
      `${r.limit.rps.toLocaleString('en-US')} | ${r.limit.p99} ms | ${Math.round(r.ratio * 100)}% | ${r.served.errors} |`,
  );
  const sorted = [...result.saveToServedMs].sort((a, b) => a - b);
  return [
    '## Public traffic through the web servers',
    '',
    '`npm run bench` (or `npx tsx tools/bench/http-cache.ts`): wrk (2 threads, 50 connections, `Accept-Encoding: gzip,',
    'deflate, br` as browsers send), 10 s per row, all in one run on loopback. The production API (SQLite, 48 videos)',
    'behind the compose nginx config (`apps/web/nginx.conf`, run by the system nginx as tools/nginx-run.spec.ts does),',
    'beside nginx serving the same bytes as static files (`gzip_static`), the limit; and behind `npm start`’s web server',
    '(`apps/web/server`, its bundle) beside its own static file of the same bytes. wrk, nginx and Node share the two cores.',
    '',
    `Targets: through nginx ≥ ${HTTP_CACHE_TARGETS.nginxRatio * 100}% of the static limit with p99 ≤ ${HTTP_CACHE_TARGETS.nginxP99Ms} ms; through \`npm start\` ≥ ${HTTP_CACHE_TARGETS.serveRatio * 100}% of its static file.`,
    `Measured ${when.toISOString().slice(0, 10)} on ${machine}.`,
    '',
    '| Server | Path | Answer | req/s | p50 | p99 | Static req/s | Static p99 | Of static | Errors |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Dashboard save → the change served through nginx to an anonymous visitor (${sorted.length} saves): ` +
      `${sorted.join(', ')} ms (median ${sorted[Math.floor(sorted.length / 2)]} ms): nginx keeps an answer until the end of`,
    'the second it was stored in (the API’s `X-Accel-Expires: @<second>`), so the change shows within a second.',
  ].join('\n');
}

if (require.main === module) {
  const options = parseOptions(
    process.argv.slice(2),
    { smoke: { type: 'boolean', default: false }, write: { type: 'boolean', default: false } },
    'Usage: tsx tools/bench/http-cache.ts [--smoke] [--write]',
  );
  benchHttpCache({ smoke: options.smoke, log: console.log })
    .then(async (result) => {
      if (!options.write) return;
      console.log(await writeDocSection('http-cache', httpCacheMarkdown(result, new Date(), machine())));
      writeRawJson('http-cache', result);
    })
    .catch((error: Error) => {
      console.error(error.stack ?? error.message);
      process.exit(1);
    });
}
