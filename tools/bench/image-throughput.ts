/**
 * `/images/…` under load, beside nginx serving the same file, in one run (wrk, 2 threads, 50 connections): one
 * image's `640.avif` through `npm start`'s web server (which hands `/images/` on to the API, which reads its store),
 * through the compose nginx config in front of it (apps/web/nginx.conf: its image cache answers after the first
 * request), from nginx as a static file of the same bytes (the limit), and from `npm start`'s web server as a static
 * file of its build (its own limit). The stack is the page benchmarks' (page-stack.ts; run.ts lends its bench stack,
 * alone it has a few videos), its images brought home and each file asked once before (whenever the site makes them;
 * that first round is reported apart).
 *
 *   npx tsx tools/bench/image-throughput.ts [--smoke] [--write]    (after npx nx run-many -t build -p api web)
 */
import { mkdirSync, mkdtempSync, chmodSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageFile } from '@app/contracts/site-image-files';
import { parseOptions } from '../lib/args';
import { nginxBinary, type RunningNginx, startNginx } from '../lib/nginx';
import { WEB_DIST } from '../lib/web-server';
import { machine, type SummaryRow, writeDocSection, writeRawJson } from './doc';
import { HTTP_CACHE_TARGETS, STATIC_NGINX_CONF, wrk, type WrkResult } from './http-cache';
import { type PageStack, startPageStack } from './page-stack';
import { contentItems } from './stack-images';

/** Videos of the stack: the image measured is the newest one's (a 1280×720 source: 640 px is a middle width). */
const VIDEOS = 4;
const WIDTH = 640;
/** npm start's static copy of the same bytes, beside the build for the run. */
const STATIC_COPY = 'bench-image-640.avif';

export type ImageServer = 'npm start' | 'nginx' | 'nginx static file' | 'npm start static file';

export interface ImageThroughputRow {
  server: ImageServer;
  served: WrkResult;
  /** Of nginx serving the static file. */
  ratio: number;
}

export interface ImageThroughputResult {
  path: string;
  bytes: number;
  seconds: number;
  rows: ImageThroughputRow[];
  /** The first request of each of the stack's image files, one after the other, before the run. */
  firstRound?: { files: number; ms: number };
}

async function get(url: string): Promise<{ status: number; bytes: Buffer; cache: string | null }> {
  const res = await fetch(url);
  return {
    status: res.status,
    bytes: Buffer.from(await res.arrayBuffer()),
    cache: res.headers.get('x-cache-status'),
  };
}

/** `stack`: a page benchmarks' stack with its images home (run.ts's bench stack), left running; else one of its own. */
export async function benchImageThroughput(
  options: { smoke?: boolean; log?: (line: string) => void; stack?: PageStack } = {},
): Promise<ImageThroughputResult> {
  const { smoke = false, log = () => undefined } = options;
  const seconds = smoke ? 1 : 10;
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed (Debian package nginx)');
  const dir = mkdtempSync(join(tmpdir(), 'bench-image-throughput-'));
  const running: { stop(): Promise<unknown> }[] = [];
  const copy = join(WEB_DIST, STATIC_COPY);
  try {
    const stack = options.stack ?? (await startPageStack(VIDEOS));
    if (!options.stack) running.push(stack);
    const image = (await contentItems(stack.url)).find((item) => item.image?.widths.includes(1280))?.image;
    if (!image) throw new Error('no image of 1280 px came home');
    const path = imageFile(image, WIDTH, 'avif');
    const original = await get(`${stack.url}${path}`);
    if (original.status !== 200) throw new Error(`${path}: ${original.status}`);

    const site: RunningNginx = await startNginx(nginx, { web: new URL(stack.url).host });
    running.push(site);
    // A root-started nginx's workers run as nobody.
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, image.path), { recursive: true });
    writeFileSync(join(dir, path), original.bytes);
    const statics = await startNginx(nginx, { web: '127.0.0.1:9', root: dir, conf: STATIC_NGINX_CONF });
    running.push(statics);
    writeFileSync(copy, original.bytes);

    const urls: [ImageServer, string][] = [
      ['nginx static file', `${statics.url}${path}`],
      ['nginx', `${site.url}${path}`],
      ['npm start', `${stack.url}${path}`],
      ['npm start static file', `${stack.url}/${STATIC_COPY}`],
    ];
    // Each answers the same bytes; the compose nginx's first answer fills its cache, the next is a hit.
    for (const [server, url] of urls) {
      const answer = await get(url);
      if (answer.status !== 200 || !answer.bytes.equals(original.bytes))
        throw new Error(`${server}: ${url} answered ${answer.status}, ${answer.bytes.length} bytes`);
    }
    const hit = await get(`${site.url}${path}`);
    if (hit.cache !== 'HIT') throw new Error(`the compose nginx did not keep ${path} (${hit.cache})`);

    const measured: { server: ImageServer; served: WrkResult }[] = [];
    for (const [server, url] of urls) {
      const served = await wrk(url, seconds);
      log(
        `${server}: ${served.rps} req/s, p50 ${served.p50} ms, p99 ${served.p99} ms, ${served.errors} errors`,
      );
      measured.push({ server, served });
    }
    const limit = measured[0].served.rps;
    return {
      path,
      bytes: original.bytes.length,
      seconds,
      rows: measured.map((r) => ({ ...r, ratio: Math.round((r.served.rps / limit) * 100) / 100 })),
      firstRound: stack.warmUp,
    };
  } finally {
    rmSync(copy, { force: true });
    for (const server of running.reverse()) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Targets missed: the compose nginx, against nginx's static file, as for the pages (http-cache.ts). */
export function imageThroughputFailures(result: ImageThroughputResult, smoke: boolean): string[] {
  const failures = result.rows
    .filter((r) => r.served.errors > 0)
    .map((r) => `${r.server} ${result.path}: ${r.served.errors} errors under load`);
  const nginx = result.rows.find((r) => r.server === 'nginx');
  if (
    !smoke &&
    nginx &&
    (nginx.ratio < HTTP_CACHE_TARGETS.nginxRatio || nginx.served.p99 > HTTP_CACHE_TARGETS.nginxP99Ms)
  )
    failures.push(
      `nginx ${result.path}: ${Math.round(nginx.ratio * 100)}% of the static file, p99 ${nginx.served.p99} ms`,
    );
  return failures;
}

/** The summary's rows (run.ts): through nginx against its target, through `npm start` measured. */
export function imageThroughputRows(result: ImageThroughputResult): SummaryRow[] {
  return result.rows
    .filter((r) => r.server === 'nginx' || r.server === 'npm start')
    .map((r) => ({
      what: `\`GET /images/<hash>/640.avif\` through ${r.server === 'nginx' ? 'the compose nginx' : '`npm start`'}, wrk, 50 connections`,
      figure: `${r.served.rps.toLocaleString('en-US')} req/s = ${Math.round(r.ratio * 100)}% of nginx's static file; p99 ${r.served.p99} ms`,
      target:
        r.server === 'nginx'
          ? `≥ ${HTTP_CACHE_TARGETS.nginxRatio * 100}% of static, p99 ≤ ${HTTP_CACHE_TARGETS.nginxP99Ms} ms`
          : 'measured',
      met:
        r.served.errors === 0 &&
        (r.server !== 'nginx' ||
          (r.ratio >= HTTP_CACHE_TARGETS.nginxRatio && r.served.p99 <= HTTP_CACHE_TARGETS.nginxP99Ms)),
    }));
}

/** npm start's image answers against its own static file of the same bytes, as a sentence. */
function ownStatic(result: ImageThroughputResult): string {
  const served = result.rows.find((r) => r.server === 'npm start');
  const file = result.rows.find((r) => r.server === 'npm start static file');
  if (!served || !file) return '';
  return ` Through \`npm start\` alone an image is ${Math.round((served.served.rps / file.served.rps) * 100)}% of its own static file's rate: each request goes on to the API and its store, which is what the compose nginx's cache spares.`;
}

export function imageThroughputMarkdown(result: ImageThroughputResult, when: Date): string {
  const missed = imageThroughputFailures(result, false);
  return [
    '## Site images under load',
    '',
    `\`npx tsx tools/bench/image-throughput.ts --write\` on ${when.toISOString().slice(0, 10)}, ${machine()}: wrk (2 threads, 50 connections), ${result.seconds} s per row, in one run on loopback, on one image file, \`${result.path.replace(/[0-9a-f]{20}/, '<hash>')}\` (${result.bytes.toLocaleString('en-US')} B): through \`npm start\`'s web server (it hands \`/images/\` on to the API, which reads the file from its store, \`IMAGES_STORE=local\`); through the compose nginx config in front of it (\`apps/web/nginx.conf\`, run by the system nginx as tools/nginx-run.spec.ts does: its image cache keeps the file after the first request); nginx serving the same bytes as a static file, the limit; and \`npm start\`'s web server serving them as a file of its build. wrk, nginx and Node share the two cores.${result.firstRound ? ` Before the run each of the stack's ${result.firstRound.files} image files was asked once, one after the other, through the web server: ${result.firstRound.ms} ms in all, ${(result.firstRound.ms / result.firstRound.files).toFixed(1)} ms a file: what a file's first request costs, whenever the site makes its files.` : ''}`,
    '',
    `Target: through nginx ≥ ${HTTP_CACHE_TARGETS.nginxRatio * 100}% of the static file with p99 ≤ ${HTTP_CACHE_TARGETS.nginxP99Ms} ms, as for the pages: ${missed.length ? `**missed** (${missed.join('; ')})` : 'met'}.${ownStatic(result)}`,
    '',
    '| Served by | req/s | p50 | p99 | Of nginx static | Errors |',
    '| --- | --- | --- | --- | --- | --- |',
    ...result.rows.map(
      (r) =>
        `| ${r.server} | ${r.served.rps.toLocaleString('en-US')} | ${r.served.p50} ms | ${r.served.p99} ms | ${Math.round(r.ratio * 100)}% | ${r.served.errors} |`,
    ),
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const options = parseOptions(
    argv,
    { smoke: { type: 'boolean', default: false }, write: { type: 'boolean', default: false } },
    'Usage: tsx tools/bench/image-throughput.ts [--smoke] [--write]',
  );
  const result = await benchImageThroughput({
    smoke: options.smoke,
    log: (line) => console.log(`  ${line}`),
  });
  if (options.write) {
    await writeDocSection('image-throughput', imageThroughputMarkdown(result, new Date()));
    writeRawJson('image-throughput', result);
  }
  const failures = imageThroughputFailures(result, options.smoke);
  if (failures.length) throw new Error(failures.join('\n'));
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  });
}
