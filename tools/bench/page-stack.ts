/**
 * A throwaway stack for the page benchmarks: the production build (`tools/start.ts --no-build`)
 * on free loopback ports and a fresh SQLite file, filled with a generated channel of N videos
 * through the admin import, like an owner restoring a backup, or left with the demo channel a first
 * start seeds (its thumbnails its own, one of them YouTube's maxres URL of a video YouTube does not know).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { encode as encodeJpeg } from 'jpeg-js';
import { freePort, waitForHttp } from '../lib/net';
import { repoRoot } from '../lib/paths';
import { WEB_DIST } from '../lib/web-server';

export interface PageStack {
  url: string;
  stop(): Promise<void>;
}

/**
 * The watch page the page benchmarks measure (issue 23): a long description (about 2,000 characters, with links and
 * chapters as owners write them) and, among 1,000 videos, 8 related ones.
 */
export const WATCH_BENCH_VIDEO_ID = 'bench000001';
const LONG_DESCRIPTION = [
  'In this episode we build a small service from scratch and look at every decision on the way: the data model, the API, the tests and how it runs in production.',
  '',
  'Chapters:',
  '0:00 Introduction',
  '1:05 The data model',
  '4:30 Writing the API',
  '9:12 Tests that catch real bugs',
  '14:48 Running it in production',
  '',
  'Links from the video:',
  'Source code: https://github.com/example/bench-service',
  'Slides: https://example.com/slides/bench-service',
  'Documentation: https://example.com/docs/getting-started',
  '',
  ...Array.from(
    { length: 8 },
    (_, i) =>
      `Part ${i + 1}. We take the next step of the service and explain why it is done this way, what the alternatives were, and what we would change with more time or more users. Questions from the comments of the last episode are answered here too.`,
  ),
  '',
  '#webdev #backend #tutorial',
].join('\n');

const TOPICS = ['React Hooks', 'TypeScript Tips', 'CSS Layout', 'Node Streams', 'SQL Joins', 'Docker Basics'];

/**
 * The thumbnails the bench's videos and playlists show: JPEGs, as YouTube serves them (`i.ytimg.com`, 16:9 at
 * 640×360 like `sddefault` cropped), put beside the build for the run. The demo's SVG thumbnails are documents
 * Chromium lays out on the page's main thread, text and all (5–8 ms CPU each on this machine, unthrottled): a cost
 * no real channel's page has, which the bench would otherwise count as the site's.
 */
const BENCH_THUMBNAILS = 12;
const thumbnailFile = (n: number) => `bench-thumbnail-${n}.jpg`;

function benchThumbnailJpeg(n: number): Buffer {
  const width = 640;
  const height = 360;
  const data = Buffer.alloc(width * height * 4);
  const hue = (n * 47) % 360;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // A diagonal gradient with a few bands: detail for the encoder, like a photo's, not one flat colour.
      const t = (x / width + y / height) / 2;
      const band = Math.sin((x + n * 13) / 23) * Math.cos(y / 17) * 24;
      const i = (y * width + x) * 4;
      data[i] = 128 + 100 * Math.sin(((hue + 120 * t) * Math.PI) / 180) + band;
      data[i + 1] = 110 + 90 * Math.sin(((hue + 200 + 90 * t) * Math.PI) / 180) - band;
      data[i + 2] = 140 + 100 * Math.cos(((hue + 60 * t) * Math.PI) / 180);
      data[i + 3] = 255;
    }
  return encodeJpeg({ data, width, height }, 80).data;
}

/** The bench's thumbnail files by name (videos and playlists share them), for {@link startPageStack}. */
const benchThumbnailFiles = (): Record<string, Buffer> =>
  Object.fromEntries(
    Array.from({ length: BENCH_THUMBNAILS }, (_, i) => [thumbnailFile(i + 1), benchThumbnailJpeg(i + 1)]),
  );

/** A backup (the shape of `GET /api/admin/export`) with `count` videos, one hour apart. */
export function generatedBackup(count: number, now = Date.now()) {
  const videos = Array.from({ length: count }, (_, i) => {
    // The watch page's video is 20:37 long, so its chapters (up to 14:48) are valid.
    const seconds = i === 1 ? 1237 : 60 + ((i * 97) % 3500);
    return {
      id: `bench${String(i).padStart(6, '0')}`,
      title: i === 4321 ? 'Needle in the Haystack' : `${TOPICS[i % TOPICS.length]} episode ${i + 1}`,
      description:
        i === 1 ? LONG_DESCRIPTION : `Episode ${i + 1} about ${TOPICS[i % TOPICS.length].toLowerCase()}.`,
      thumbnail: `/${thumbnailFile((i % BENCH_THUMBNAILS) + 1)}`,
      duration: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
      durationSeconds: seconds,
      viewCount: (i * 7919) % 1_000_003,
      publishedAt: new Date(now - i * 3_600_000).toISOString(),
      featured: i === 0,
      kind: 'video',
    };
  });
  return {
    schemaVersion: 1,
    exportedAt: new Date(now).toISOString(),
    channel: {
      title: 'Benchmark channel',
      handle: '@bench',
      description: null,
      thumbnail: null,
      youtubeChannelId: null,
      uploadsPlaylistId: null,
      subscriberCount: 128_400,
      videoCount: count,
      viewCount: videos.reduce((sum, v) => sum + v.viewCount, 0),
      isDemo: false,
    },
    videos,
    playlists: Array.from({ length: 8 }, (_, i) => ({
      id: `PLbench${i}`,
      title: `Playlist ${i + 1}`,
      thumbnail: i % 3 === 0 ? null : `/${thumbnailFile(i + 1)}`,
      videoCount: 12,
      pinned: i < 2,
      position: i,
    })),
    settings: {},
  };
}

/**
 * `content`: the number of videos to import, or `demo` for the demo channel. `extraFiles`: files put beside the
 * build for the run (a reference page served by the same web server), removed when the stack stops.
 */
export async function startPageStack(
  content: number | 'demo',
  extraFiles: Record<string, string | Buffer> = {},
): Promise<PageStack> {
  const dir = mkdtempSync(join(tmpdir(), 'page-bench-'));
  const files = content === 'demo' ? extraFiles : { ...benchThumbnailFiles(), ...extraFiles };
  const extras = Object.entries(files).map(([name, body]) => {
    const file = join(WEB_DIST, name);
    writeFileSync(file, body);
    return file;
  });
  const webPort = await freePort();
  const apiPort = await freePort();
  const url = `http://127.0.0.1:${webPort}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tools/start.ts', '--no-build'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(webPort),
      API_PORT: String(apiPort),
      SQLITE_PATH: join(dir, 'bench.sqlite'),
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
    for (const file of extras) rmSync(file, { force: true });
  };
  try {
    await waitForHttp(`${url}/api/health`, { timeoutMs: 120_000 });
    if (content === 'demo') return { url, stop };
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const imported = await fetch(`${url}/api/admin/import`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url, Cookie: cookie },
      body: JSON.stringify(generatedBackup(content)),
    });
    if (!imported.ok) throw new Error(`import: ${imported.status} ${await imported.text()}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/**
 * The gzip size, in KB, of build files by their URL paths (`/assets/x.js`): the build's own `x.js.gz` where it made
 * one, else the file gzipped here. The budgets are in gzip, while Chromium takes brotli from the web server, so
 * what it transferred is smaller than what they count.
 */
export function gzipKb(paths: string[]): number {
  const bytes = paths.reduce((sum, path) => {
    const file = join(WEB_DIST, path);
    if (existsSync(`${file}.gz`)) return sum + statSync(`${file}.gz`).size;
    return sum + gzipSync(readFileSync(file), { level: 9 }).length;
  }, 0);
  return Math.round((bytes / 1024) * 10) / 10;
}
