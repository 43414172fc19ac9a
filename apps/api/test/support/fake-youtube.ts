import type {
  FakeChannelContents,
  FakeImageChange,
  FakeStartedLine,
  FakeStats,
  FakeStreamMove,
  FakeVideo,
  FakeVideoPatch,
  Fault,
} from '@app/contracts/fake-youtube';
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The fake YouTube Data API of tools/fake-youtube, run as its CLI in a child process (the API project may
 * not import tools code) and driven over its HTTP control API.
 */

const repoRoot = resolve(__dirname, '../../../..');

export interface FakeYouTube {
  /** YOUTUBE_API_BASE_URL */
  url: string;
  /** YOUTUBE_FEED_BASE_URL: the channel's Atom feed (feed mode). */
  feedBaseUrl: string;
  /** YOUTUBE_IMAGES_BASE_URL: YouTube's image hosts (thumbnails, avatar, banner), `<base>/<host>/<path>`. */
  imagesBaseUrl: string;
  channelId: string;
  handle: string;
  stats(): Promise<FakeStats>;
  /** Zeroes the counters and clears the faults. */
  reset(): Promise<void>;
  setFaults(faults: Fault[]): Promise<void>;
  channel(): Promise<FakeChannelContents>;
  addVideos(count: number): Promise<FakeVideo[]>;
  removeVideos(ids: string[]): Promise<number>;
  updateVideo(id: string, patch: FakeVideoPatch): Promise<void>;
  removePlaylists(ids: string[]): Promise<number>;
  /** A stream's next step: upcoming (new when no id) → live → ended. */
  moveStream(move: FakeStreamMove): Promise<FakeVideo>;
  /**
   * The owner uploads a new thumbnail (a video's id) or a new avatar and banner (the channel's id): the same URLs
   * answer new bytes, a new ETag and a later Last-Modified. A deleted video (removeVideos) answers YouTube's 404.
   */
  changeImage(id: string): Promise<FakeImageChange>;
  /** The owner removes the channel's banner (`false`: channels.list names none, its URL answers 404) or sets one. */
  setBanner(present: boolean): Promise<void>;
  /** The env an app needs to sync from this fake. */
  env(extra?: Record<string, string>): Record<string, string>;
  stop(): Promise<void>;
}

export interface FakeOptions {
  videos: number;
  playlists: number;
  seed?: number;
  latencyMs?: number;
  apiKey?: string;
}

export const FAKE_API_KEY = 'test-api-key';

export async function startFakeYouTube(options: FakeOptions): Promise<FakeYouTube> {
  const args = [
    join(repoRoot, 'tools/fake-youtube/server.ts'),
    '--json',
    '--port',
    '0',
    '--videos',
    String(options.videos),
    '--playlists',
    String(options.playlists),
    '--api-key',
    options.apiKey ?? FAKE_API_KEY,
  ];
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  if (options.latencyMs) args.push('--latency', String(options.latencyMs));
  const child: ChildProcess = spawn(join(repoRoot, 'node_modules/.bin/tsx'), args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const info = await new Promise<FakeStartedLine>((resolveInfo, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`fake YouTube did not start: ${stderr}`)), 20_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolveInfo(JSON.parse(line));
      } catch {
        reject(new Error(`fake YouTube printed ${line} ${stderr}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`fake YouTube exited with ${code}: ${stderr}`));
    });
  });

  const control = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${info.controlUrl}/${path}`, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`fake control ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };

  return {
    url: info.url,
    feedBaseUrl: info.feedBaseUrl,
    imagesBaseUrl: info.imagesBaseUrl,
    channelId: info.channelId,
    handle: info.handle,
    stats: () => control<FakeStats>('GET', 'stats'),
    reset: async () => {
      await control('POST', 'reset');
    },
    setFaults: async (faults) => {
      await control('POST', 'faults', faults);
    },
    channel: () => control<FakeChannelContents>('GET', 'channel'),
    addVideos: async (count) =>
      (await control<{ videos: FakeVideo[] }>('POST', 'videos/add', { count })).videos,
    removeVideos: async (ids) =>
      (await control<{ removed: number }>('POST', 'videos/remove', { ids })).removed,
    updateVideo: async (id, patch) => {
      await control('POST', 'videos/update', { id, ...patch });
    },
    removePlaylists: async (ids) =>
      (await control<{ removed: number }>('POST', 'playlists/remove', { ids })).removed,
    moveStream: (move) => control<FakeVideo>('POST', 'stream', move),
    changeImage: (id) => control<FakeImageChange>('POST', 'images/change', { id }),
    setBanner: async (present) => {
      await control('POST', 'banner', { present });
    },
    env: (extra = {}) => ({
      YOUTUBE_API_BASE_URL: info.url,
      YOUTUBE_FEED_BASE_URL: info.feedBaseUrl,
      YOUTUBE_IMAGES_BASE_URL: info.imagesBaseUrl,
      YOUTUBE_API_KEY: options.apiKey ?? FAKE_API_KEY,
      YOUTUBE_CHANNEL_ID: info.channelId,
      ...extra,
    }),
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
