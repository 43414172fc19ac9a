/**
 * apps/web/nginx.conf run by the system's nginx (skipped where nginx is not installed), in front of a stand-in for
 * the web app's server that treats request bodies as the API behind it does (@app/node-server, the API's own
 * rules) and answers with the caching headers the web server passes on.
 */
import { BODY_LINGER_MS, BODY_TIMEOUT_MS, HEADERS_TIMEOUT_MS } from '@app/contracts/request-timing';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { nginxBinary, type RunningNginx, startNginx } from './lib/nginx';
import { MB, padded, sendRaw, sleep, trickled } from '@app/node-server/raw-http';
import { guardRequestBody, limitRequestTimes } from '@app/node-server';

const nginx = nginxBinary();
const describeWithNginx = nginx ? describe : describe.skip;

/**
 * What the web server passes through from the API: its handling of bodies (the guard, the early 401 of a
 * stranger's import, JSON parsing).
 */
function standInWeb(): express.Express {
  const app = express();
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

  beforeAll(async () => {
    api = standInWeb().listen(0, '127.0.0.1');
    limitRequestTimes(api);
    await new Promise<void>((listening) => api.once('listening', listening));
    web = await startNginx(nginx!, { web: `127.0.0.1:${(api.address() as AddressInfo).port}` });
  });

  afterAll(async () => {
    await web?.stop();
    api?.closeAllConnections();
    await new Promise((closed) => api?.close(closed));
  });

  it('answers a stranger’s 100 MB import with the API’s 401 at once, never a 502', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      // Paced over about 2 s (a megabyte every 20 ms): a server that waited for the body would answer after it.
      const outcome = await sendRaw(web.port, '/api/admin/import', { 'Content-Length': 100 * MB }, () =>
        padded('{}', 100 * MB, MB, 20),
      );
      expect(outcome.status).toBe(401);
      expect(outcome.body).toContain('Authentication required');
      // Answered while most of the body was still to come, and closed at the latest after the linger time.
      expect(outcome.sentWhenAnsweredBytes).toBeLessThan(50 * MB);
      expect(outcome.closedAfterMs - outcome.answeredAfterMs!).toBeLessThan(BODY_LINGER_MS + 2000);
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
    const outcome = await sendRaw(web.port, '/api/auth/login', { 'Content-Length': 100 }, () =>
      trickled(100, 2000),
    );
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

describeWithNginx('apps/web/nginx.conf under nginx: the cache', () => {
  const calls = new Map<string, number>();
  let api: Server;
  let web: RunningNginx;

  beforeAll(async () => {
    const app = express();
    app.use((req, res, next) => {
      calls.set(req.path, (calls.get(req.path) ?? 0) + 1);
      // As the API: a session's answers, and the admin's, are no-store.
      if (/(^|;)\s*sid\s*=/.test(req.headers.cookie ?? '') || req.path.startsWith('/api/admin/'))
        res.setHeader('Cache-Control', 'no-store');
      else if (req.path.startsWith('/api/')) {
        // The API's public answers, which the web server passes on as they are.
        res.setHeader('Cache-Control', 'public, max-age=5, s-maxage=1, stale-while-revalidate=60');
        res.setHeader('X-Accel-Expires', `@${Math.floor(Date.now() / 1000)}`);
      }
      next();
    });
    // As the web server: pages no-cache with their policy, X-Accel-Expires 0 on one it does not keep; assets
    // immutable, in the encoding asked.
    app.get('/', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Content-Security-Policy', "default-src 'self'");
      res.type('html').send(`<!doctype html><title>page ${calls.get('/')}</title>`);
    });
    app.get('/private-page', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('X-Accel-Expires', '0');
      res.type('html').send('<!doctype html><title>not kept</title>');
    });
    app.get('/assets/app-AbC.js', (req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Vary', 'Accept-Encoding');
      res.type('js').send(`/* ${req.headers['accept-encoding']} */`);
    });
    // As the API's image route through the web server: immutable, with a strong ETag; a missing one 404.
    app.get('/images/:hash/:file', (req, res) => {
      if (req.params.hash === 'ffffffffffffffffffff') return void res.status(404).json({ statusCode: 404 });
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('ETag', `"${req.params.hash}"`);
      res.type('image/avif').send(Buffer.from(`image ${req.path}`));
    });
    app.get('/api/slow', (_req, res) => {
      // Kept 5 s: under load the answer may come after the second it was asked in ends, and an answer already
      // expired would let the waiting requests through (this test is about the lock, not the lifetime).
      res.setHeader('X-Accel-Expires', '5');
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
    web = await startNginx(nginx!, { web: `127.0.0.1:${(api.address() as AddressInfo).port}` });
  });

  afterAll(async () => {
    await web?.stop();
    api?.closeAllConnections();
    await new Promise((closed) => api?.close(closed));
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

  it('keeps a page 1 s, but not one the web server marks X-Accel-Expires: 0 (its policy no-store)', async () => {
    await startOfSecond();
    const first = await get('/', { Accept: 'text/html' });
    expect(first.headers.get('content-security-policy')).toBe("default-src 'self'");
    const second = await get('/', { Accept: 'text/html' });
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    for (let i = 0; i < 2; i++)
      expect((await get('/private-page')).headers.get('x-cache-status')).toBe('MISS');
    expect(calls.get('/private-page')).toBe(2);
  });

  it('keeps an image long, one copy for every host, encoding and visitor (the admin’s session too), answers its revalidation, and keeps no 404', async () => {
    const path = '/images/0123456789abcdef0123/640.avif';
    const first = await get(path, { 'Accept-Encoding': 'gzip, br' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/avif');
    await sleep(1100);
    const others: Record<string, string>[] = [
      { 'Accept-Encoding': 'identity' },
      { Cookie: 'sid=admin' },
      { Host: 'other.example' },
    ];
    for (const headers of others) {
      const later = await get(path, headers);
      expect([later.headers.get('x-cache-status'), await later.text()]).toEqual(['HIT', `image ${path}`]);
    }
    // A browser's revalidation is answered from here too, with the API's headers.
    const revalidated = await get(path, { 'If-None-Match': '"0123456789abcdef0123"' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(calls.get(path)).toBe(1);
    const missing = '/images/ffffffffffffffffffff/640.avif';
    await get(missing);
    expect((await get(missing)).status).toBe(404);
    expect(calls.get(missing)).toBe(2);
  });

  it('keeps the build’s hashed assets long, whatever the web server’s encoding', async () => {
    for (const encoding of ['gzip, deflate, br', 'identity']) {
      await get('/assets/app-AbC.js', { 'Accept-Encoding': encoding });
      await sleep(1100);
      const later = await get('/assets/app-AbC.js', { 'Accept-Encoding': encoding });
      expect(later.headers.get('x-cache-status')).toBe('HIT');
    }
    expect(calls.get('/assets/app-AbC.js')).toBe(2);
  });
});
