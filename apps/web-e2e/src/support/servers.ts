/**
 * The running stacks the specs use, each `npx tsx tools/start.ts --no-build` on its own ports and
 * SQLite file (playwright.config.ts starts them), so one spec's data never leaks into another's.
 */
/** Shifts every port, so two runs (two engineers on one machine) do not collide: E2E_PORT_OFFSET=100. */
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const SERVERS = {
  /** Demo content that no spec changes (the admin specs have stacks of their own). */
  demo: 4310 + PORT_OFFSET,
  /** No videos, no playlists, no channel (seeded by seed.setup.ts). */
  empty: 4352 + PORT_OFFSET,
  /** 10,000 videos (seeded by seed.setup.ts). */
  large: 4354 + PORT_OFFSET,
  /** Demo content whose settings the public-settings spec changes, one stack per viewport. */
  settingsDesktop: 4356 + PORT_OFFSET,
  settingsMobile: 4358 + PORT_OFFSET,
  /** Synced from a fake YouTube of its own (LIVE_FAKE_YOUTUBE_URL), whose stream the live spec moves. */
  live: 4360 + PORT_OFFSET,
  /** apps/web/nginx.conf in front of the demo stack (its API and its web server as web-ssr), as in docker-compose. */
  nginx: 4364 + PORT_OFFSET,
} as const;

export type ServerName = keyof typeof SERVERS;

export const serverUrl = (name: ServerName) => `http://127.0.0.1:${SERVERS[name]}`;

/** Videos in the large stack. */
export const LARGE_VIDEO_COUNT = 10_000;

/** The live stack's fake YouTube Data API (tools/fake-youtube): 12 videos, no stream until a spec makes one. */
export const LIVE_FAKE_YOUTUBE_URL = `http://127.0.0.1:${4362 + PORT_OFFSET}`;
export const LIVE_FAKE_YOUTUBE_VIDEOS = 12;
export const LIVE_YOUTUBE_API_KEY = 'e2e-live-youtube-key';
