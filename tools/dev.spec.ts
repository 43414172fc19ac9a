/**
 * `npm run dev` for real: both processes start, one URL serves the page rendered on the server by the
 * web app's server with Vite (hot reload) and the API through its proxy, and an API source change
 * restarts the API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeFixedPort } from './lib/net';
import { bin, repoRoot } from './lib/paths';

jest.setTimeout(120_000);

const waitForOutput = (child: ChildProcess, output: () => string, pattern: RegExp, count = 1) =>
  new Promise<void>((done, fail) => {
    const check = () => {
      if ((output().match(new RegExp(pattern, 'g')) ?? []).length >= count) done();
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => fail(new Error(`npm run dev exited (${code}):\n${output()}`)));
    check();
  });

describe('npm run dev', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dev-spec-'));
  let dev: ChildProcess;
  let output = '';

  afterAll(async () => {
    if (dev && dev.exitCode === null) {
      const exited = new Promise((done) => dev.once('exit', done));
      dev.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the hot-reloading page and the watched API on one URL', async () => {
    const port = await freeFixedPort();
    const apiPort = await freeFixedPort([port]);
    dev = spawn(bin('tsx'), ['tools/dev.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        API_PORT: String(apiPort),
        SQLITE_PATH: join(dir, 'dev.sqlite'),
      },
    });
    dev.stdout?.on('data', (chunk) => (output += chunk));
    dev.stderr?.on('data', (chunk) => (output += chunk));
    await waitForOutput(dev, () => output, /Site ready at http:\/\/127\.0\.0\.1:\d+/);
    const url = `http://127.0.0.1:${port}`;

    const page = await fetch(`${url}/`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/@vite/client');
    // Rendered on the server as in production: the head from the API, the content, its data for hydration.
    expect(html).not.toContain('<!--ssr-outlet-->');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('id="ssr-state"');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
    const watch = await fetch(`${url}/videos/no-such-video`, { headers: { Accept: 'text/html' } });
    expect(watch.status).toBe(404);
    const stats = await fetch(`${url}/api/channel/stats`);
    expect(stats.status).toBe(200);
    expect(await stats.json()).toEqual(expect.objectContaining({ videoCount: expect.any(Number) }));

    const listening = /API listening on/;
    const now = new Date();
    utimesSync(join(repoRoot, 'apps/api/src/health/health.controller.ts'), now, now);
    await waitForOutput(dev, () => output, listening, 2);
  });
});
