import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  ADMIN_DISCORD_WEBHOOK,
  ADMIN_FAKE_DISCORD_URL,
  ADMIN_FAKE_MAILCHIMP_API,
  ADMIN_FAKE_MAILCHIMP_URL,
  ADMIN_FAKE_YOUTUBE_API,
  ADMIN_FAKE_YOUTUBE_URL,
  ADMIN_MAILCHIMP_API_KEY,
  ADMIN_YOUTUBE_API_KEY,
} from './src/pages/admin-servers';
import { FAKE_GOOGLE_CLIENT } from '@app/contracts/fake-google';
import {
  e2eWorkers,
  GOOGLE_FAKE_URL,
  LIVE_FAKE_YOUTUBE_URL,
  LIVE_FAKE_YOUTUBE_VIDEOS,
  LIVE_YOUTUBE_API_KEY,
  REAL_FAKE_YOUTUBE_PLAYLISTS,
  REAL_FAKE_YOUTUBE_URL,
  REAL_FAKE_YOUTUBE_VIDEOS,
  REAL_YOUTUBE_API_KEY,
  SERVERS,
  SETUP_FAKE_YOUTUBE_URL,
  SETUP_FAKE_YOUTUBE_VIDEOS,
  SETUP_YOUTUBE_API_KEY,
  STACKS_CONTROL_PORT,
  WORKER_STACK_BASE,
  type WorkerStackKind,
} from './src/support/servers';

const repoRoot = resolve(__dirname, '../..');
export const baseURL = `http://127.0.0.1:${SERVERS.demo}`;
const workers = e2eWorkers();
/**
 * tools/flake-hunt.ts sets it: Playwright repeats (--repeat-each) only the projects no other project depends on,
 * so the projects that wait for others (to have the cores to themselves, or the admin stack after the rest)
 * wait only for the seed, and every test repeats.
 */
const flakeHunt = process.env.E2E_FLAKE_HUNT === '1';

// Fresh databases per run, so the seeds are all the specs ever see. The runner's workers load this file
// again; the environment variable keeps them on the same directory. Each stack has a directory of its own there:
// its images and secret keys sit beside its database (a stack removes the image files its own rows no longer name).
process.env.E2E_SQLITE_DIR ||= mkdtempSync(join(tmpdir(), 'web-e2e-'));
const sqlite = (name: string) => join(process.env.E2E_SQLITE_DIR!, name, 'site.sqlite');

const artifacts = join(repoRoot, 'dist/apps/web-e2e');

/**
 * Which specs run where. The phone runs only what depends on the layout; everything else is behaviour and
 * runs on desktop (docs/testing.md, 'Browser tests'). The admin specs change settings, videos, the password
 * and restore backups, so they run on stacks of their own, one per worker; backup restore, password change
 * and two-factor sign-in end or rewrite what other tests see, so they run in `admin-exclusive` after the rest.
 */
const ADMIN_SPECS = /admin[^/]*\.spec\.ts$/;
const ADMIN_EXCLUSIVE_SPECS = /admin-exclusive[^/]*\.spec\.ts$/;
// The site search uploads transcripts: on the worker's admin stack, with the dashboard's specs (desktop only).
const SEARCH_SPEC = /\/search\.spec\.ts$/;
const ADMIN_LAYOUT_SPECS = /admin-(accessibility|session)\.spec\.ts$/;
const PUBLIC_LAYOUT_SPECS = /\/(home-layout|home-videos|accessibility|watch-page|real-channel)\.spec\.ts$/;
// The public settings change a stack of their own (one per worker), a test at a time.
const SETTINGS_SPEC = /(public-settings|site-language)\.spec\.ts$/;
// View All with 10,000 videos, on a stack of its own.
const LARGE_SPEC = /home-large\.spec\.ts$/;
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const mobile = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
};
const onWorkerStacks = (kind: WorkerStackKind) => ({ workerStack: kind });

/** Every server, started at once by tools/e2e-stacks.ts. */
const stackPlan = {
  control: STACKS_CONTROL_PORT,
  stacks: [
    { name: 'demo', port: SERVERS.demo, sqlitePath: sqlite('demo') },
    ...(['empty', 'large'] as const).map((name) => ({ name, port: SERVERS[name], sqlitePath: sqlite(name) })),
    // A fresh install with no key and no channel, set up through the dashboard (setup-first-run.spec.ts): it
    // reaches a fake YouTube of its own, as untidy as a real channel, whose key the spec pastes.
    {
      name: 'setup',
      port: SERVERS.setup,
      sqlitePath: sqlite('setup'),
      env: {
        YOUTUBE_API_BASE_URL: `${SETUP_FAKE_YOUTUBE_URL}/youtube/v3`,
        YOUTUBE_FEED_BASE_URL: SETUP_FAKE_YOUTUBE_URL,
        YOUTUBE_IMAGES_BASE_URL: SETUP_FAKE_YOUTUBE_URL,
      },
    },
    // The live banner end to end (home-live.spec.ts): a stack synced from a fake YouTube of its own, whose
    // stream the spec moves upcoming → live → ended. Under 20 videos the fake has no stream of its own.
    {
      name: 'live',
      port: SERVERS.live,
      sqlitePath: sqlite('live'),
      env: {
        YOUTUBE_API_KEY: LIVE_YOUTUBE_API_KEY,
        YOUTUBE_API_BASE_URL: `${LIVE_FAKE_YOUTUBE_URL}/youtube/v3`,
        YOUTUBE_IMAGES_BASE_URL: LIVE_FAKE_YOUTUBE_URL,
      },
    },
    // Issue 27: a stack synced (by the seed) from a fake YouTube's default channel, which answers as real
    // channels do: hidden counts, missing thumbnails, every script, streams of every kind. No spec changes it.
    {
      name: 'real',
      port: SERVERS.real,
      sqlitePath: sqlite('real'),
      env: {
        YOUTUBE_API_KEY: REAL_YOUTUBE_API_KEY,
        YOUTUBE_API_BASE_URL: `${REAL_FAKE_YOUTUBE_URL}/youtube/v3`,
        YOUTUBE_IMAGES_BASE_URL: REAL_FAKE_YOUTUBE_URL,
        YOUTUBE_CHANNEL_ID: '@fakechannel',
      },
    },
    // The owner's Google account connected (youtube-analytics.spec.ts): the real stack's channel, read from its fake
    // YouTube (which nothing changes), on a database of its own.
    {
      name: 'google',
      port: SERVERS.google,
      sqlitePath: sqlite('google'),
      env: {
        YOUTUBE_API_KEY: REAL_YOUTUBE_API_KEY,
        YOUTUBE_API_BASE_URL: `${REAL_FAKE_YOUTUBE_URL}/youtube/v3`,
        YOUTUBE_IMAGES_BASE_URL: REAL_FAKE_YOUTUBE_URL,
        YOUTUBE_CHANNEL_ID: '@fakechannel',
        GOOGLE_BASE_URL: GOOGLE_FAKE_URL,
        GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT.id,
        GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT.secret,
      },
    },
    ...Array.from({ length: workers }, (_, i) => [
      {
        name: `admin-${i}`,
        port: WORKER_STACK_BASE.admin + 2 * i,
        sqlitePath: sqlite(`admin-${i}`),
        env: {
          YOUTUBE_API_KEY: ADMIN_YOUTUBE_API_KEY,
          YOUTUBE_API_BASE_URL: ADMIN_FAKE_YOUTUBE_API,
          YOUTUBE_IMAGES_BASE_URL: ADMIN_FAKE_YOUTUBE_URL,
          MAILCHIMP_API_BASE_URL: ADMIN_FAKE_MAILCHIMP_API,
        },
      },
      {
        name: `settings-${i}`,
        port: WORKER_STACK_BASE.settings + 2 * i,
        sqlitePath: sqlite(`settings-${i}`),
        // No key: saving the channel id reads its feed (issue 24), the fake YouTube's.
        env: { YOUTUBE_FEED_BASE_URL: ADMIN_FAKE_YOUTUBE_URL },
      },
    ]).flat(),
  ],
  youtube: [
    // The channel the admin stacks sync from; no channel is set until a spec sets one, so Sync answers 400 until then.
    {
      port: Number(new URL(ADMIN_FAKE_YOUTUBE_URL).port),
      videos: 30,
      playlists: 4,
      apiKey: ADMIN_YOUTUBE_API_KEY,
    },
    {
      port: Number(new URL(LIVE_FAKE_YOUTUBE_URL).port),
      videos: LIVE_FAKE_YOUTUBE_VIDEOS,
      playlists: 1,
      apiKey: LIVE_YOUTUBE_API_KEY,
    },
    {
      port: Number(new URL(REAL_FAKE_YOUTUBE_URL).port),
      videos: REAL_FAKE_YOUTUBE_VIDEOS,
      playlists: REAL_FAKE_YOUTUBE_PLAYLISTS,
      apiKey: REAL_YOUTUBE_API_KEY,
    },
    {
      port: Number(new URL(SETUP_FAKE_YOUTUBE_URL).port),
      videos: SETUP_FAKE_YOUTUBE_VIDEOS,
      playlists: 2,
      apiKey: SETUP_YOUTUBE_API_KEY,
    },
  ],
  // Its owner's channel and videos are the real stack's, set by the seed once that stack synced.
  google: { port: Number(new URL(GOOGLE_FAKE_URL).port) },
  // The fake Discord and fake Mailchimp the integrations' connection tests reach.
  discord: { port: Number(new URL(ADMIN_FAKE_DISCORD_URL).port), ...ADMIN_DISCORD_WEBHOOK },
  mailchimp: { port: Number(new URL(ADMIN_FAKE_MAILCHIMP_URL).port), apiKey: ADMIN_MAILCHIMP_API_KEY },
  // The compose nginx config in front of the demo stack, for the rendered pages through it.
  nginx: { port: SERVERS.nginx, stack: 'demo' },
};

export default defineConfig({
  testDir: './src',
  testMatch: '**/*.spec.ts',
  outputDir: join(artifacts, 'test-results'),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // Never a retry, in CI neither: a retry hides a flake instead of fixing it (docs/testing.md, flake hunt).
  retries: 0,
  workers,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: join(artifacts, 'report'), open: 'never' }]],
  use: {
    baseURL,
    // A screenshot and the page's accessibility snapshot (error-context.md) of each failure. Traces only when
    // asked (E2E_TRACE=1): recording one for every test cost about 7 % of the suite's time, and the slower timing
    // hid two flakes that failed 1 in 10 without it (docs/testing.md).
    screenshot: 'only-on-failure',
    trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    launchOptions: {
      // Debian's Chromium headless shell (what Playwright itself runs headless; tools/system-deps.ts installs it):
      // the same Blink without the whole browser around it, 40 % less CPU for the suite than /usr/bin/chromium
      // (docs/testing.md); E2E_CHROMIUM=path runs another. Without the background-networking flags it stalls on
      // this closed network.
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    { name: 'seed', testMatch: /seed\.setup\.ts$/, timeout: 180_000 },
    // Playwright runs the projects in phases (a project after those it depends on), and each phase's queue in this
    // order: what is long or serial goes first, so no worker idles behind it at the end of a phase (admin-exclusive
    // is one 45 s file in one worker; listed last, the other worker waited for it).
    ...(['desktop', 'mobile'] as const).map((viewport) => ({
      name: `settings-${viewport}`,
      testMatch: SETTINGS_SPEC,
      // On a phone only the settings whose effect depends on the width (the others are tagged @behaviour).
      grepInvert: viewport === 'mobile' ? /@behaviour/ : undefined,
      use: { ...(viewport === 'desktop' ? desktop : mobile), ...onWorkerStacks('settings') },
    })),
    ...(['mobile', 'desktop'] as const).map((viewport) => ({
      name: `admin-${viewport}`,
      // On a phone only what depends on the layout: every tab reachable and usable, and signing in and out.
      testMatch: viewport === 'desktop' ? [ADMIN_SPECS, SEARCH_SPEC] : ADMIN_LAYOUT_SPECS,
      testIgnore: ADMIN_EXCLUSIVE_SPECS,
      grepInvert: viewport === 'mobile' ? /@behaviour/ : undefined,
      use: { ...(viewport === 'desktop' ? desktop : mobile), ...onWorkerStacks('admin') },
    })),
    {
      // Behaviour (password, backup, sync, two-factor sign-in): desktop, one file in one worker, after the rest.
      name: 'admin-exclusive',
      testMatch: ADMIN_EXCLUSIVE_SPECS,
      fullyParallel: false,
      dependencies: flakeHunt ? [] : ['admin-desktop', 'admin-mobile'],
      use: { ...desktop, ...onWorkerStacks('admin') },
    },
    ...(['desktop', 'mobile'] as const).map((viewport) => ({
      name: `large-${viewport}`,
      testMatch: LARGE_SPEC,
      grepInvert: viewport === 'mobile' ? /@behaviour/ : undefined,
      use: viewport === 'desktop' ? desktop : mobile,
      // Nothing here is timed (the long-task budget is the bench's), so it runs beside the rest.
      dependencies: ['seed'],
    })),
    {
      name: 'desktop',
      testIgnore: [ADMIN_SPECS, SEARCH_SPEC, SETTINGS_SPEC, LARGE_SPEC],
      use: desktop,
      dependencies: ['seed'],
    },
    {
      name: 'mobile',
      testMatch: PUBLIC_LAYOUT_SPECS,
      // Of those files, the tests of behaviour (tagged) stay on desktop.
      grepInvert: /@behaviour/,
      use: mobile,
      dependencies: ['seed'],
    },
  ],
  webServer: {
    command: 'npx tsx tools/e2e-stacks.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${STACKS_CONTROL_PORT}/ready`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_STACKS: JSON.stringify(stackPlan) },
  },
});
