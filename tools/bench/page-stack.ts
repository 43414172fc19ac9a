/**
 * A throwaway stack for the page benchmarks: the production build (`tools/start.ts --no-build`)
 * on free loopback ports and a fresh SQLite file, filled with a generated channel of N videos
 * through the admin import, like an owner restoring a backup, its thumbnails YouTube's URLs brought home by the
 * site's image mirror from a stand-in for YouTube's host (thumbnail-server.ts); or left with the demo channel a
 * first start seeds (its thumbnails drawn by the site, one of them YouTube's maxres URL of a video YouTube does not
 * know).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { thumbnailUrl } from '@app/contracts/youtube';
import type { ImageFormat } from '@app/contracts/site-image-files';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, waitForHttp } from '../lib/net';
import { repoRoot } from '../lib/paths';
import { WEB_DIST } from '../lib/web-server';
import { contentItems, imagesSettled, warmUp } from './stack-images';
import { bestThumbnailSize, startThumbnailServer, type ThumbnailServer } from './thumbnail-server';

export interface PageStack {
  url: string;
  /** The bench's stack: YouTube's thumbnail host it brought its images home from. */
  thumbnails?: ThumbnailServer;
  /** The bench's stack: from the import until every image was home (or listed missing). */
  imagesSettledMs?: number;
  /**
   * Each file of every image (each format and width, and the share image) asked once through the web server before
   * anything is measured, whenever the site makes them: how many, and how long that took.
   */
  warmUp?: { files: number; ms: number };
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

export const benchVideoId = (i: number) => `bench${String(i).padStart(6, '0')}`;
/** A thumbnail as the sync stores it: YouTube's URL of the best size it lists (thumbnail-server.ts serves it). */
const benchThumbnail = (id: string) => thumbnailUrl(id, bestThumbnailSize(id));

/** A backup (the shape of `GET /api/admin/export`) with `count` videos, one hour apart. */
export function generatedBackup(count: number, now = Date.now()) {
  const videos = Array.from({ length: count }, (_, i) => {
    // The watch page's video is 20:37 long, so its chapters (up to 14:48) are valid.
    const seconds = i === 1 ? 1237 : 60 + ((i * 97) % 3500);
    return {
      id: benchVideoId(i),
      title: i === 4321 ? 'Needle in the Haystack' : `${TOPICS[i % TOPICS.length]} episode ${i + 1}`,
      description:
        i === 1 ? LONG_DESCRIPTION : `Episode ${i + 1} about ${TOPICS[i % TOPICS.length].toLowerCase()}.`,
      thumbnail: benchThumbnail(benchVideoId(i)),
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
      thumbnail: i % 3 === 0 ? null : benchThumbnail(`benchpl${String(i).padStart(4, '0')}`),
      videoCount: 12,
      pinned: i < 2,
      position: i,
    })),
    settings: {},
  };
}

/**
 * `content`: the number of videos to import, or `demo` for the demo channel. The bench's stack brings its
 * thumbnails home from YouTube's host (thumbnail-server.ts, through `YOUTUBE_IMAGES_BASE_URL`), as a synced channel
 * does, and is handed over once they are all there; the demo's makes its own. `extraFiles`: files put beside the
 * build for the run (a reference page served by the same web server), removed when the stack stops. `formats`: the
 * formats whose files are asked once before the stack is handed over (every one by default).
 */
export async function startPageStack(
  content: number | 'demo',
  extraFiles: Record<string, string | Buffer> = {},
  formats?: readonly ImageFormat[],
): Promise<PageStack> {
  const dir = mkdtempSync(join(tmpdir(), 'page-bench-'));
  const extras = Object.entries(extraFiles).map(([name, body]) => {
    const file = join(WEB_DIST, name);
    writeFileSync(file, body);
    return file;
  });
  const thumbnails = content === 'demo' ? undefined : await startThumbnailServer();
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
      ...(thumbnails && { YOUTUBE_IMAGES_BASE_URL: thumbnails.url }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    await thumbnails?.close();
    rmSync(dir, { recursive: true, force: true });
    for (const file of extras) rmSync(file, { force: true });
  };
  try {
    // While the stack starts.
    const backup = content === 'demo' ? undefined : generatedBackup(content);
    if (backup)
      thumbnails?.prepare([...backup.videos, ...backup.playlists].flatMap((item) => item.thumbnail ?? []));
    await waitForHttp(`${url}/api/health`, { timeoutMs: 120_000 });
    // The demo's images are ready once it is seeded (their files are made when first asked for).
    if (content === 'demo') return { url, warmUp: await warmUp(url, await contentItems(url), formats), stop };
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const importing = performance.now();
    const imported = await fetch(`${url}/api/admin/import`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url, Cookie: cookie },
      body: JSON.stringify(backup),
    });
    if (!imported.ok) throw new Error(`import: ${imported.status} ${await imported.text()}`);
    const items = await imagesSettled(url, cookie);
    const imagesSettledMs = Math.round(performance.now() - importing);
    // Every size the bench lists exists: an image that did not come home (its fetch timed out three times) is a fault.
    const missing = items.filter((item) => item.thumbnail && !item.image);
    if (missing.length) throw new Error(`${missing.length} images missing, ${missing[0].key} among them`);
    return { url, thumbnails, imagesSettledMs, warmUp: await warmUp(url, items, formats), stop };
  } catch (error) {
    await stop();
    throw error;
  }
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
