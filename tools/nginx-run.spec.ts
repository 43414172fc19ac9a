/**
 * apps/web/nginx.conf run by the system's nginx (skipped where nginx is not installed), in front
 * of a stand-in API that treats request bodies as the API does (@app/node-server, the
 * API's own rules).
 */
import {
  PAGE_POLICY_PATH,
  type PageFeatures,
  pagePolicyHeaders,
  pagePolicySources,
} from '@app/contracts/page-policy';
import { BODY_LINGER_MS, BODY_TIMEOUT_MS, HEADERS_TIMEOUT_MS } from '@app/contracts/request-timing';
import express from 'express';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { nginxBinary, type RunningNginx, startNginx } from './lib/nginx';
import { MB, padded, sendRaw, sleep } from '@app/node-server/raw-http';
import { guardRequestBody, limitRequestTimes } from '@app/node-server';
import { freePort } from './lib/net';
import { contentSecurityPolicyFor, INDEX_HTML_SOURCE } from './web-csp';

const nginx = nginxBinary();
const describeWithNginx = nginx ? describe : describe.skip;

const NO_FEATURES: PageFeatures = { googleAnalytics: false, plausible: false, adsense: false };
/** What the stand-in API says is switched on. */
let features = NO_FEATURES;

/**
 * The API's handling of bodies (the guard, the early 401 of a stranger's import, JSON parsing) and
 * its answers for pages (the page head, the policy sources of the features on).
 */
function standInApi(): express.Express {
  const app = express();
  app.get(PAGE_POLICY_PATH, (_req, res) => {
    const sources = pagePolicySources(features);
    // Asked afresh for each feature switched (the micro-cache would keep the API's answer a second:
    // the tests of the cache below are about that).
    res.setHeader('Cache-Control', 'no-store');
    res.set(pagePolicyHeaders(sources)).json(sources);
  });
  app.get('/api/page-head', (_req, res) => {
    res.type('html').send('<title>From the API</title>\n');
  });
  app.use(guardRequestBody);
  app.post('/api/admin/import', (req, res, next) => {
    if (req.headers.cookie !== 'sid=admin') {
      res.status(401).json({ statusCode: 401, message: 'Authentication required', error: 'Unauthorized' });
      return;
    }
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => res.json({ bytes }));
    req.on('error', next);
  });
  app.post('/api/auth/login', express.json(), (_req, res) => {
    res.status(401).json({ statusCode: 401 });
  });
  return app;
}

describeWithNginx('apps/web/nginx.conf under nginx: request bodies', () => {
  let api: Server;
  let web: RunningNginx;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'nginx-root-'));
    chmodSync(root, 0o755);
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
    api = standInApi().listen(0, '127.0.0.1');
    limitRequestTimes(api);
    await new Promise<void>((listening) => api.once('listening', listening));
    web = await startNginx(nginx!, { api: `127.0.0.1:${(api.address() as AddressInfo).port}`, root });
  });

  afterAll(async () => {
    await web?.stop();
    api?.closeAllConnections();
    await new Promise((closed) => api?.close(closed));
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a stranger’s 100 MB import with the API’s 401 at once, never a 502', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const outcome = await sendRaw(web.port, '/api/admin/import', { 'Content-Length': 100 * MB }, () =>
        padded('{}', 100 * MB),
      );
      expect(outcome.status).toBe(401);
      expect(outcome.body).toContain('Authentication required');
      expect(outcome.answeredAfterMs).toBeLessThan(2000);
      expect(outcome.closedAfterMs).toBeLessThan(BODY_LINGER_MS + 2000);
    }
  }, 60_000);

  it('lets the admin’s import of the largest backup through', async () => {
    const length = 100 * MB;
    const outcome = await sendRaw(
      web.port,
      '/api/admin/import',
      { 'Content-Length': length, Cookie: 'sid=admin' },
      () => padded('{}', length),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body).toContain(`{"bytes":${length}}`);
  }, 60_000);

  it('answers a trickled body (a byte every 2 s) with the API’s 408 after the body timeout', async () => {
    const outcome = await sendRaw(web.port, '/api/auth/login', { 'Content-Length': 100 }, async function* () {
      for (let i = 0; i < 100; i++) {
        yield Buffer.from(' ');
        await sleep(2000);
      }
    });
    expect(outcome.status).toBe(408);
    expect(outcome.answeredAfterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    expect(outcome.answeredAfterMs).toBeLessThan(BODY_TIMEOUT_MS + 3000);
    expect(outcome.closedAfterMs).toBeLessThan(BODY_TIMEOUT_MS + 3000 + BODY_LINGER_MS);
  }, 40_000);

  it('closes a connection whose headers trickle in, after the headers timeout', async () => {
    const started = Date.now();
    const socket = connect(web.port, '127.0.0.1');
    socket.on('error', () => undefined);
    const timer = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 2000);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const closedAfter = await new Promise<number>((closed) =>
      socket.on('close', () => closed(Date.now() - started)),
    );
    clearInterval(timer);
    expect(closedAfter).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(closedAfter).toBeLessThan(HEADERS_TIMEOUT_MS + 2000);
  }, 40_000);
});

/** The same policy, however nginx spaced it around an empty variable. */
const normalized = (policy: string) => policy.replace(/\s+;/g, ';').replace(/\s+/g, ' ').trim();

/** A site root holding the real index.html, readable by nginx's workers (nobody when started as root). */
function siteRootWithIndex(): string {
  const root = mkdtempSync(join(tmpdir(), 'nginx-root-'));
  chmodSync(root, 0o755);
  copyFileSync(INDEX_HTML_SOURCE, join(root, 'index.html'));
  chmodSync(join(root, 'index.html'), 0o644);
  return root;
}

const THIRD_PARTY_HOSTS = /googletagmanager|google-analytics|plausible|googlesyndication|doubleclick/;

describeWithNginx('apps/web/nginx.conf under nginx: the pages’ policy', () => {
  const indexHtml = readFileSync(INDEX_HTML_SOURCE, 'utf8');
  let api: Server;
  let web: RunningNginx;
  let root: string;

  beforeAll(async () => {
    root = siteRootWithIndex();
    api = standInApi().listen(0, '127.0.0.1');
    await new Promise<void>((listening) => api.once('listening', listening));
    web = await startNginx(nginx!, { api: `127.0.0.1:${(api.address() as AddressInfo).port}`, root });
  });

  afterAll(async () => {
    features = NO_FEATURES;
    await web?.stop();
    api?.closeAllConnections();
    await new Promise((closed) => api?.close(closed));
    rmSync(root, { recursive: true, force: true });
  });

  const pagePolicy = async (url: string, path: string) => {
    const res = await fetch(`${url}${path}`, { headers: { Accept: 'text/html' } });
    const body = await res.text();
    return { status: res.status, body, csp: normalized(res.headers.get('content-security-policy') ?? '') };
  };

  it('lists no analytics or ad host while those features are off, and each one’s hosts once it is on', async () => {
    features = NO_FEATURES;
    for (const path of ['/', '/admin', '/index.html']) {
      const page = await pagePolicy(web.url, path);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>From the API</title>');
      expect(page.csp).toBe(contentSecurityPolicyFor(indexHtml));
      expect(page.csp).not.toMatch(THIRD_PARTY_HOSTS);
    }
    for (const on of [
      { googleAnalytics: true, plausible: false, adsense: false },
      { googleAnalytics: false, plausible: true, adsense: false },
      { googleAnalytics: false, plausible: false, adsense: true },
      { googleAnalytics: true, plausible: true, adsense: true },
    ]) {
      features = on;
      const page = await pagePolicy(web.url, '/videos');
      expect(page.csp).toBe(normalized(contentSecurityPolicyFor(indexHtml, pagePolicySources(on))));
      expect(/googletagmanager/.test(page.csp)).toBe(on.googleAnalytics);
      expect(/plausible/.test(page.csp)).toBe(on.plausible);
      expect(/googlesyndication/.test(page.csp)).toBe(on.adsense);
    }
    features = NO_FEATURES;
    expect((await pagePolicy(web.url, '/')).csp).not.toMatch(THIRD_PARTY_HOSTS);
  });

  it('sends the page with the strict baseline when the API is down, never an error page', async () => {
    const orphan = await startNginx(nginx!, { api: `127.0.0.1:${await freePort()}`, root });
    try {
      const page = await pagePolicy(orphan.url, '/');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>Channel</title>');
      expect(page.csp).toBe(contentSecurityPolicyFor(indexHtml));
    } finally {
      await orphan.stop();
    }
  });
});

describeWithNginx('apps/web/nginx.conf under nginx: the micro-cache and precompressed assets', () => {
  const calls = new Map<string, number>();
  let api: Server;
  let web: RunningNginx;
  let root: string;
  const BIG_JS = `console.log(${JSON.stringify('z'.repeat(20_000))});`;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'nginx-root-'));
    chmodSync(root, 0o755);
    mkdirSync(join(root, 'assets'), { mode: 0o755 });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>', { mode: 0o644 });
    writeFileSync(join(root, 'assets', 'app-AbC.js'), BIG_JS, { mode: 0o644 });
    writeFileSync(join(root, 'assets', 'app-AbC.js.gz'), gzipSync(BIG_JS, { level: 1 }), { mode: 0o644 });
    const app = express();
    app.use((req, res, next) => {
      calls.set(req.path, (calls.get(req.path) ?? 0) + 1);
      // As the API: a session's answers, and the admin's, are no-store.
      if (/(^|;)\s*sid\s*=/.test(req.headers.cookie ?? '') || req.path.startsWith('/api/admin/'))
        res.setHeader('Cache-Control', 'no-store');
      else {
        res.setHeader('Cache-Control', 'public, max-age=5, s-maxage=1, stale-while-revalidate=60');
        res.setHeader('X-Accel-Expires', `@${Math.floor(Date.now() / 1000)}`);
      }
      next();
    });
    app.get('/api/slow', (_req, res) => {
      setTimeout(() => res.json({ slow: true }), 300);
    });
    app.all('/api/*path', (req, res) => {
      res.json({
        path: req.path,
        n: calls.get(req.path),
        session: Boolean(req.headers.cookie?.includes('sid=')),
      });
    });
    api = app.listen(0, '127.0.0.1');
    await new Promise<void>((listening) => api.once('listening', listening));
    web = await startNginx(nginx!, { api: `127.0.0.1:${(api.address() as AddressInfo).port}`, root });
  });

  afterAll(async () => {
    await web?.stop();
    api?.closeAllConnections();
    await new Promise((closed) => api?.close(closed));
    rmSync(root, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${web.url}${path}`, { headers });
  /** Entries last until the end of the second: tests that expect a HIT start at the start of one. */
  const startOfSecond = () => sleep(1020 - (Date.now() % 1000));

  it('answers the second anonymous GET from the cache (HIT), the API asked once', async () => {
    await startOfSecond();
    const first = await get('/api/videos');
    const second = await get('/api/videos');
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(await second.json()).toEqual(await first.json());
    expect(calls.get('/api/videos')).toBe(1);
    // Another query, another encoding class: entries of their own.
    await get('/api/videos?limit=2');
    await get('/api/videos', { 'Accept-Encoding': 'identity' });
    expect(calls.get('/api/videos')).toBe(3);
  });

  it('keeps an answer until the end of the second (the API’s X-Accel-Expires), so a change is served within a second', async () => {
    const first = await get('/api/settings');
    expect(first.headers.get('x-accel-expires')).toBeNull();
    await sleep(1000);
    const later = await get('/api/settings');
    expect(later.headers.get('x-cache-status')).toMatch(/EXPIRED|MISS/);
    expect(((await later.json()) as { n: number }).n).toBe(2);
  });

  it('bypasses the cache, and stores nothing, for a request with the session cookie', async () => {
    await startOfSecond();
    await get('/api/channel/stats');
    for (const cookie of ['sid=s%3Aadmin', '_ga=1; sid =s%3Aadmin']) {
      const signedIn = await get('/api/channel/stats', { Cookie: cookie });
      expect(signedIn.headers.get('x-cache-status')).toBe('BYPASS');
      expect(signedIn.headers.get('cache-control')).toBe('no-store');
    }
    const anonymous = await get('/api/channel/stats');
    expect(anonymous.headers.get('x-cache-status')).toBe('HIT');
    expect(((await anonymous.json()) as { session: boolean }).session).toBe(false);
    expect(calls.get('/api/channel/stats')).toBe(3);
  });

  it('never stores a no-store answer, nor a POST', async () => {
    for (let i = 0; i < 2; i++) await get('/api/admin/settings');
    expect(calls.get('/api/admin/settings')).toBe(2);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${web.url}/api/events`, {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.headers.get('x-cache-status')).toBeNull();
    }
    expect(calls.get('/api/events')).toBe(2);
  });

  it('lets one request fill the cache under a burst: 30 at once, the API asked once', async () => {
    await startOfSecond();
    const answers = await Promise.all(Array.from({ length: 30 }, () => get('/api/slow')));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(calls.get('/api/slow')).toBe(1);
  });

  it('keeps the assembled page too: its head and policy asked once for a burst of page views', async () => {
    await startOfSecond();
    calls.delete('/api/page-head');
    calls.delete('/api/settings/page-policy');
    const pages = await Promise.all(
      ['/', '/videos', '/index.html', '/', '/admin'].map((path) => get(path, { Accept: 'text/html' })),
    );
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'self'/);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await get('/')).headers.get('x-cache-status')).toBe('HIT');
    expect(calls.get('/api/settings/page-policy')).toBe(1);
    const missing = await get('/nothing.html', { Accept: 'text/html' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<title>x</title>');
  });

  it('sends a build asset’s gzip file as it is, with a year’s immutable caching', async () => {
    const res = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
      const socket = connect(web.port, '127.0.0.1', () =>
        socket.write(
          'GET /assets/app-AbC.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAccept-Encoding: gzip\r\n\r\n',
        ),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', fail);
      socket.on('end', () => {
        const raw = Buffer.concat(chunks);
        const split = raw.indexOf('\r\n\r\n');
        const head = raw.subarray(0, split).toString();
        const headers = Object.fromEntries(
          head
            .split('\r\n')
            .slice(1)
            .map((line) => [line.split(':')[0].toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        );
        done({ headers, body: raw.subarray(split + 4) });
      });
    });
    expect(res.headers).toMatchObject({
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(res.body.equals(gzipSync(BIG_JS, { level: 1 }))).toBe(true);
    expect(gunzipSync(res.body).toString()).toBe(BIG_JS);
  });
});

describeWithNginx('apps/web/nginx.conf under nginx: the pages rendered on the server (issue 15)', () => {
  const renders: string[] = [];
  let api: Server;
  let ssr: Server;
  let web: RunningNginx;
  let root: string;

  beforeAll(async () => {
    root = siteRootWithIndex();
    api = standInApi().listen(0, '127.0.0.1');
    // The web app's Node server as tools/serve.ts answers: the whole page with its own headers.
    const app = express();
    app.get(['/', '/videos/:id'], (req, res) => {
      renders.push(req.path);
      res.set({
        'Content-Security-Policy': "default-src 'self'",
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
        'Cache-Control': 'no-cache',
      });
      res.status(req.params.id === 'missing' ? 404 : 200).type('html');
      res.send(`<html><body>RENDERED ${req.path} for ${req.headers['x-forwarded-host']}</body></html>`);
    });
    ssr = app.listen(0, '127.0.0.1');
    await Promise.all(
      [api, ssr].map((s) => new Promise<void>((listening) => s.once('listening', listening))),
    );
    web = await startNginx(nginx!, {
      api: `127.0.0.1:${(api.address() as AddressInfo).port}`,
      ssr: `127.0.0.1:${(ssr.address() as AddressInfo).port}`,
      root,
    });
  });

  afterAll(async () => {
    await web?.stop();
    for (const server of [api, ssr]) {
      server?.closeAllConnections();
      await new Promise((closed) => server?.close(closed));
    }
    rmSync(root, { recursive: true, force: true });
  });

  const page = async (url: string, path: string) => {
    const res = await fetch(`${url}${path}`, { headers: { Accept: 'text/html' } });
    return { status: res.status, body: await res.text(), headers: res.headers };
  };

  it('sends / and a watch page as the web app’s server renders them, its headers once', async () => {
    for (const path of ['/', '/videos/abc_D-1']) {
      const res = await page(web.url, path);
      expect(res.status).toBe(200);
      expect(res.body).toBe(`<html><body>RENDERED ${path} for ${new URL(web.url).host}</body></html>`);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
      for (const name of ['x-content-type-options', 'referrer-policy', 'strict-transport-security'])
        expect(res.headers.get(name)?.split(',')).toHaveLength(1);
    }
    // Other paths are the shell nginx assembles (the SPA's own pages).
    const admin = await page(web.url, '/admin');
    expect(admin.body).toContain('<title>From the API</title>');
    expect(admin.body).not.toContain('RENDERED');
  });

  it('passes the rendered 404 of a video the site does not have, with its status', async () => {
    const res = await page(web.url, '/videos/missing');
    expect(res.status).toBe(404);
    expect(res.body).toContain('RENDERED /videos/missing');
  });

  it('keeps a rendered page 1 s: a burst of views costs one rendering', async () => {
    await sleep(1100);
    renders.length = 0;
    const views = await Promise.all(Array.from({ length: 20 }, () => page(web.url, '/videos/burst')));
    expect(views.every((v) => v.status === 200 && v.body.includes('RENDERED /videos/burst'))).toBe(true);
    expect(renders).toEqual(['/videos/burst']);
  });

  it('sends the shell it assembles, never an error page, while the web app’s server is down', async () => {
    const orphan = await startNginx(nginx!, {
      api: `127.0.0.1:${(api.address() as AddressInfo).port}`,
      root,
    });
    try {
      for (const path of ['/', '/videos/abc']) {
        const res = await page(orphan.url, path);
        expect(res.status).toBe(200);
        expect(res.body).toContain('<title>From the API</title>');
        expect(res.body).toContain('<div id="root">');
      }
    } finally {
      await orphan.stop();
    }
  });
});
