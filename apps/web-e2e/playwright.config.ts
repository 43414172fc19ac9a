import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(__dirname, '../..');
const WEB_PORT = 4310;
const API_PORT = 4311;
export const baseURL = `http://127.0.0.1:${WEB_PORT}`;

// A fresh database per run, so the demo seed is all the specs ever see. The runner's workers
// load this file again; the environment variable keeps them on the same path.
process.env.E2E_SQLITE_PATH ||= join(mkdtempSync(join(tmpdir(), 'web-e2e-')), 'e2e.sqlite');

const artifacts = join(repoRoot, 'dist/apps/web-e2e');

export default defineConfig({
  testDir: './src',
  testMatch: '**/*.spec.ts',
  outputDir: join(artifacts, 'test-results'),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
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
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
      },
    },
  ],
  webServer: {
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
});
