/**
 * The running stacks the specs use, each the built API on its own SQLite file plus the web server of
 * `npm start` on its own port (tools/e2e-stacks.ts starts them all at once for playwright.config.ts), so one
 * spec's data never leaks into another's.
 */
import { availableParallelism } from 'node:os';

/** Shifts every port, so two runs (two engineers on one machine) do not collide: E2E_PORT_OFFSET=100. */
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const SERVERS = {
  /** Demo content that no spec changes (the admin and settings specs have stacks of their own). */
  demo: 4310 + PORT_OFFSET,
  /** No videos, no playlists, no channel (seeded by seed.setup.ts). */
  empty: 4352 + PORT_OFFSET,
  /** 10,000 videos (seeded by seed.setup.ts). */
  large: 4354 + PORT_OFFSET,
  /** A fresh install without a YouTube key, set up in the dashboard by setup-first-run.spec.ts (issue 24). */
  setup: 4356 + PORT_OFFSET,
  /** Synced from a fake YouTube of its own (LIVE_FAKE_YOUTUBE_URL), whose stream the live spec moves. */
  live: 4360 + PORT_OFFSET,
  /**
   * Synced from the default channel of a fake YouTube of its own (REAL_FAKE_YOUTUBE_URL), which answers as real
   * channels do (issue 27): what no spec changes, for the time-zone and layout checks of real-channel.spec.ts.
   */
  real: 4366 + PORT_OFFSET,
  /**
   * Synced by the seed from the real stack's fake YouTube (read only), and connected by youtube-analytics.spec.ts to
   * the owner's Google account on a fake Google (GOOGLE_FAKE_URL) whose owner manages that channel.
   */
  google: 4380 + PORT_OFFSET,
  /** apps/web/nginx.conf in front of the demo stack (in front of its web server), as in docker-compose. */
  nginx: 4364 + PORT_OFFSET,
} as const;

export type ServerName = keyof typeof SERVERS;

// Two stacks on one port is a start-up failure of the whole run (it happened when two branches each took 4356).
if (new Set(Object.values(SERVERS)).size !== Object.keys(SERVERS).length) {
  throw new Error(`two e2e stacks share a port: ${JSON.stringify(SERVERS)}`);
}

export const serverUrl = (name: ServerName) => `http://127.0.0.1:${SERVERS[name]}`;

/** Where tools/e2e-stacks.ts says it is ready. */
export const STACKS_CONTROL_PORT = 4399 + PORT_OFFSET;

/**
 * Playwright workers: one more than the cores, at most MAX_WORKERS (E2E_WORKERS overrides). Each worker runs one
 * browser, and a test spends much of its time waiting on the servers, a debounce or an animation: on two cores
 * three workers run the suite in about 5.5 min against 6.5 min with two (docs/testing.md).
 */
export const MAX_WORKERS = 4;
export function e2eWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.E2E_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, MAX_WORKERS);
  return Math.min(availableParallelism() + 1, MAX_WORKERS);
}

/**
 * The stacks whose data the specs change (the dashboard's, and the public settings'): one per worker, so two
 * tests that run at the same time never share one. A test uses the stack of its worker's `parallelIndex`
 * (support/test.ts), whatever its viewport.
 */
export const WORKER_STACK_BASE = { admin: 4320 + PORT_OFFSET, settings: 4370 + PORT_OFFSET } as const;
export type WorkerStackKind = keyof typeof WORKER_STACK_BASE;
export const workerStackUrl = (kind: WorkerStackKind, parallelIndex: number) =>
  `http://127.0.0.1:${WORKER_STACK_BASE[kind] + 2 * parallelIndex}`;

/** Videos in the large stack. */
export const LARGE_VIDEO_COUNT = 10_000;

/** The live stack's fake YouTube Data API (tools/fake-youtube): 12 videos, no stream until a spec makes one. */
export const LIVE_FAKE_YOUTUBE_URL = `http://127.0.0.1:${4362 + PORT_OFFSET}`;
export const LIVE_FAKE_YOUTUBE_VIDEOS = 12;
export const LIVE_YOUTUBE_API_KEY = 'e2e-live-youtube-key';

/** The real stack's fake YouTube Data API: its default channel (120 videos, 5 playlists), synced by the seed. */
export const REAL_FAKE_YOUTUBE_URL = `http://127.0.0.1:${4358 + PORT_OFFSET}`;
export const REAL_FAKE_YOUTUBE_VIDEOS = 120;
export const REAL_FAKE_YOUTUBE_PLAYLISTS = 5;
export const REAL_YOUTUBE_API_KEY = 'e2e-real-youtube-key';

/** The google stack's fake Google (tools/fake-google): OAuth, channels.list?mine=true and YouTube Analytics. */
export const GOOGLE_FAKE_URL = `http://127.0.0.1:${4382 + PORT_OFFSET}`;

/**
 * The setup stack's fake YouTube Data API (and feed), whose channel setup-first-run.spec.ts connects and syncs: 60
 * videos, the fewest for which the fake's channel has every untidy shape of a real one (tools/fake-youtube/channel.ts),
 * a free-chat room upcoming long past its date beside a premiere still ahead, an upload still processing (`P0D`), and
 * videos with an empty `thumbnails` object.
 */
export const SETUP_FAKE_YOUTUBE_URL = `http://127.0.0.1:${4346 + PORT_OFFSET}`;
export const SETUP_FAKE_YOUTUBE_VIDEOS = 60;
export const SETUP_YOUTUBE_API_KEY = 'e2e-setup-youtube-key';
