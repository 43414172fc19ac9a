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
  ADMIN_SERVERS,
  ADMIN_YOUTUBE_API_KEY,
} from './src/pages/admin-servers';
import {
  LIVE_FAKE_YOUTUBE_URL,
  LIVE_FAKE_YOUTUBE_VIDEOS,
  LIVE_YOUTUBE_API_KEY,
  SERVERS,
  serverUrl,
} from './src/support/servers';

const repoRoot = resolve(__dirname, '../..');
const WEB_PORT = SERVERS.demo;
const API_PORT = WEB_PORT + 1;
export const baseURL = `http://127.0.0.1:${WEB_PORT}`;

// A fresh database per run, so the demo seed is all the specs ever see. The runner's workers
// load this file again; the environment variable keeps them on the same path.
process.env.E2E_SQLITE_PATH ||= join(mkdtempSync(join(tmpdir(), 'web-e2e-')), 'e2e.sqlite');

const artifacts = join(repoRoot, 'dist/apps/web-e2e');

// The admin specs change settings, videos, the password and restore backups, so they run against
// servers of their own (one per viewport, each with its own database) and never disturb the specs
// above. Backup restore and password change end or rewrite what other tests see, so they run in
// `admin-exclusive*` projects after the rest of their viewport.
process.env.E2E_ADMIN_SQLITE_DIR ||= mkdtempSync(join(tmpdir(), 'web-e2e-admin-'));
const ADMIN_SPECS = /admin[^/]*\.spec\.ts$/;
const ADMIN_EXCLUSIVE_SPECS = /admin-exclusive[^/]*\.spec\.ts$/;
const ADMIN_LAYOUT_SPECS = /admin-(accessibility|session)\.spec\.ts$/;
const adminServers = ADMIN_SERVERS;
const adminBaseURL = (viewport: keyof typeof adminServers) => `http://127.0.0.1:${adminServers[viewport]}`;
// The public page's data sets: empty and 10,000 videos (seed.setup.ts imports them), and one
// stack per viewport whose settings public-settings.spec.ts changes, a test at a time.
const PUBLIC_STACKS = ['empty', 'large', 'settingsDesktop', 'settingsMobile'] as const;
const SETTINGS_SPEC = /public-settings\.spec\.ts$/;
// The long-task budget of View All with 10,000 videos is measured once the other public specs
// are done, so their browsers do not share the two cores with it.
const LARGE_SPEC = /home-large\.spec\.ts$/;
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const mobile = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
};

export default defineConfig({
  testDir: './src',
  testMatch: '**/*.spec.ts',
  outputDir: join(artifacts, 'test-results'),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One retry in CI: a 2-core runner under the whole suite's load can miss a timing; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: join(artifacts, 'report'), open: 'never' }]],
  use: {
    baseURL,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; without the background-networking flags it stalls on this closed network.
      executablePath: '/usr/bin/chromium',
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
    {
      name: 'desktop',
      testIgnore: [ADMIN_SPECS, SETTINGS_SPEC, LARGE_SPEC],
      use: desktop,
      dependencies: ['seed'],
    },
    {
      name: 'mobile',
      testIgnore: [ADMIN_SPECS, SETTINGS_SPEC, LARGE_SPEC],
      use: mobile,
      dependencies: ['seed'],
    },
    ...(['desktop', 'mobile'] as const).map((viewport) => ({
      name: `large-${viewport}`,
      testMatch: LARGE_SPEC,
      fullyParallel: false,
      use: viewport === 'desktop' ? desktop : mobile,
      // One viewport after the other, so the two never share the cores.
      dependencies: ['desktop', 'mobile', 'settings-desktop', 'settings-mobile'].concat(
        viewport === 'mobile' ? ['large-desktop'] : [],
      ),
    })),
    ...(['desktop', 'mobile'] as const).map((viewport) => ({
      name: `settings-${viewport}`,
      testMatch: SETTINGS_SPEC,
      fullyParallel: false,
      // On a phone only the settings whose effect depends on the width (the others are tagged @behaviour).
      grepInvert: viewport === 'mobile' ? /@behaviour/ : undefined,
      use: {
        ...(viewport === 'desktop' ? desktop : mobile),
        baseURL: serverUrl(viewport === 'desktop' ? 'settingsDesktop' : 'settingsMobile'),
      },
    })),
    ...(['desktop', 'mobile'] as const).flatMap((viewport) => [
      {
        name: `admin-${viewport}`,
        // On a phone only what depends on the layout: every tab reachable and usable, and signing in and out.
        testMatch: viewport === 'desktop' ? ADMIN_SPECS : ADMIN_LAYOUT_SPECS,
        testIgnore: ADMIN_EXCLUSIVE_SPECS,
        use: { ...(viewport === 'desktop' ? desktop : mobile), baseURL: adminBaseURL(viewport) },
      },
      {
        name: `admin-exclusive-${viewport}`,
        testMatch: ADMIN_EXCLUSIVE_SPECS,
        dependencies: [`admin-${viewport}`],
        use: { ...(viewport === 'desktop' ? desktop : mobile), baseURL: adminBaseURL(viewport) },
      },
    ]),
  ],
  webServer: [
    {
      command: 'npx tsx tools/start.ts --no-build',
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(WEB_PORT),
        API_PORT: String(API_PORT),
        SQLITE_PATH: process.env.E2E_SQLITE_PATH,
        NODE_ENV: 'test',
      },
    },
    ...(['desktop', 'mobile'] as const).map((viewport) => ({
      command: 'npx tsx tools/start.ts --no-build',
      cwd: repoRoot,
      url: `${adminBaseURL(viewport)}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(adminServers[viewport]),
        API_PORT: String(adminServers[viewport] + 1),
        SQLITE_PATH: join(process.env.E2E_ADMIN_SQLITE_DIR!, `admin-${viewport}.sqlite`),
        NODE_ENV: 'test',
        YOUTUBE_API_KEY: ADMIN_YOUTUBE_API_KEY,
        YOUTUBE_API_BASE_URL: ADMIN_FAKE_YOUTUBE_API,
        MAILCHIMP_API_BASE_URL: ADMIN_FAKE_MAILCHIMP_API,
      },
    })),
    // The compose nginx config in front of the demo stack (API and web server), for the rendered pages through it.
    {
      command: `npx tsx tools/nginx-front.ts --port ${SERVERS.nginx} --api 127.0.0.1:${API_PORT} --ssr 127.0.0.1:${WEB_PORT}`,
      cwd: repoRoot,
      url: `${serverUrl('nginx')}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The fake Discord and fake Mailchimp the integrations' connection tests reach (both stacks).
    {
      command: `npx tsx tools/fake-discord/server.ts --port ${new URL(ADMIN_FAKE_DISCORD_URL).port} --id ${ADMIN_DISCORD_WEBHOOK.id} --token ${ADMIN_DISCORD_WEBHOOK.token}`,
      cwd: repoRoot,
      url: `${ADMIN_FAKE_DISCORD_URL}/__fake/requests`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npx tsx tools/fake-mailchimp/server.ts --port ${new URL(ADMIN_FAKE_MAILCHIMP_URL).port} --api-key ${ADMIN_MAILCHIMP_API_KEY}`,
      cwd: repoRoot,
      url: `${ADMIN_FAKE_MAILCHIMP_URL}/__fake/requests`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The fake YouTube Data API both admin stacks sync from; no channel is set until a spec sets
    // one, so Sync answers 400 until then.
    {
      command: `npx tsx tools/fake-youtube/server.ts --videos 30 --playlists 4 --port ${new URL(ADMIN_FAKE_YOUTUBE_URL).port} --api-key ${ADMIN_YOUTUBE_API_KEY}`,
      cwd: repoRoot,
      url: `${ADMIN_FAKE_YOUTUBE_URL}/__fake/stats`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    ...PUBLIC_STACKS.map((name) => ({
      command: 'npx tsx tools/start.ts --no-build',
      cwd: repoRoot,
      url: `${serverUrl(name)}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(SERVERS[name]),
        API_PORT: String(SERVERS[name] + 1),
        SQLITE_PATH: join(process.env.E2E_ADMIN_SQLITE_DIR!, `public-${name}.sqlite`),
        NODE_ENV: 'test',
      },
    })),
    // The live banner end to end (home-live.spec.ts): a stack synced from a fake YouTube of its own, whose
    // stream the spec moves upcoming → live → ended. Under 20 videos the fake has no stream of its own.
    {
      command: 'npx tsx tools/start.ts --no-build',
      cwd: repoRoot,
      url: `${serverUrl('live')}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(SERVERS.live),
        API_PORT: String(SERVERS.live + 1),
        SQLITE_PATH: join(process.env.E2E_ADMIN_SQLITE_DIR!, 'public-live.sqlite'),
        NODE_ENV: 'test',
        YOUTUBE_API_KEY: LIVE_YOUTUBE_API_KEY,
        YOUTUBE_API_BASE_URL: `${LIVE_FAKE_YOUTUBE_URL}/youtube/v3`,
      },
    },
    {
      command: `npx tsx tools/fake-youtube/server.ts --videos ${LIVE_FAKE_YOUTUBE_VIDEOS} --playlists 1 --port ${new URL(LIVE_FAKE_YOUTUBE_URL).port} --api-key ${LIVE_YOUTUBE_API_KEY}`,
      cwd: repoRoot,
      url: `${LIVE_FAKE_YOUTUBE_URL}/__fake/stats`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
