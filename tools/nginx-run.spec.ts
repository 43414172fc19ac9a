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
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

const THIRD_PARTY_HOSTS = /googletagmanager|google-analytics|plausible|googlesyndication|doubleclick/;

describeWithNginx('apps/web/nginx.conf under nginx: the pages’ policy', () => {
  const indexHtml = readFileSync(INDEX_HTML_SOURCE, 'utf8');
  let api: Server;
  let web: RunningNginx;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'nginx-root-'));
    chmodSync(root, 0o755);
    copyFileSync(INDEX_HTML_SOURCE, join(root, 'index.html'));
    chmodSync(join(root, 'index.html'), 0o644);
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
