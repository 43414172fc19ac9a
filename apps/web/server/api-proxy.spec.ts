import { BODY_LINGER_MS } from '@app/contracts/request-timing';
import { freePort, MB, padded, resetWithinLinger, sendRaw } from '@app/node-server/raw-http';
import { gunzipSync } from 'node:zlib';
import { contentSecurityPolicyFor } from './page-csp';
import { CACHE_IMMUTABLE_ANSWER, IMAGE_BYTES, INDEX_HTML, useFakeStack } from './test/fake-stack';
import { echoOf, send } from './test/raw-request';
import { startWebServer } from './web-app';

describe('api-proxy.ts', () => {
  const stack = useFakeStack();
  const get = (path: string, encoding?: string) =>
    send(stack.web.port, path, { headers: encoding === undefined ? {} : { 'Accept-Encoding': encoding } });

  it('proxies /api with the path, query, status and body intact', async () => {
    const reply = await send(stack.web.port, '/api/channel/stats?x=1');
    expect(reply.status).toBe(200);
    expect(echoOf(reply)).toMatchObject({ method: 'GET', url: '/api/channel/stats?x=1' });
    const missing = await send(stack.web.port, '/api/missing');
    expect(missing.status).toBe(404);
  });

  it('gzips proxied API responses too', async () => {
    const reply = await send(stack.web.port, '/api/big', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(echoOf({ ...reply, body: gunzipSync(reply.body) }).url).toBe('/api/big');
  });

  it.each([
    '/sitemap.xml',
    '/rss.xml',
    '/robots.txt',
    '/opensearch.xml',
    '/oembed?url=http%3A%2F%2Fx%2Fvideos%2Fa&format=json',
  ])('proxies %s to the API', async (path) => {
    const reply = await send(stack.web.port, path);
    expect(echoOf(reply).url).toBe(path);
  });

  it('proxies /images/ to the API with its immutable caching, ETag and bytes as they are, and its 304', async () => {
    const path = '/images/0123456789abcdef0123/640.avif';
    const reply = await get(path, 'gzip, br');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe(CACHE_IMMUTABLE_ANSWER);
    expect(reply.headers['content-type']).toBe('image/avif');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body).toEqual(IMAGE_BYTES);
    const again = await send(stack.web.port, path, { headers: { 'If-None-Match': reply.headers.etag! } });
    expect(again.status).toBe(304);
  });

  it('keeps the browser Host and Origin and sets X-Forwarded-* on state-changing calls', async () => {
    const body = JSON.stringify({ username: 'admin', password: 'admin123' });
    const reply = await send(stack.web.port, '/api/auth/login', {
      method: 'POST',
      headers: {
        Host: 'site.example:8080',
        Origin: 'http://site.example:8080',
        'Content-Type': 'application/json',
        Cookie: 'sid=abc',
      },
      body,
    });
    const echo = echoOf(reply);
    expect(echo.method).toBe('POST');
    expect(echo.body).toBe(body);
    expect(echo.headers.host).toBe('site.example:8080');
    expect(echo.headers.origin).toBe('http://site.example:8080');
    expect(echo.headers.cookie).toBe('sid=abc');
    expect(echo.headers['x-forwarded-host']).toBe('site.example:8080');
    expect(echo.headers['x-forwarded-proto']).toBe('http');
    expect(echo.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);
  });

  it('overrides a client-supplied X-Forwarded-Host', async () => {
    const reply = await send(stack.web.port, '/api/x', {
      headers: { Host: 'real.example', 'X-Forwarded-Host': 'evil.example' },
    });
    expect(echoOf(reply).headers['x-forwarded-host']).toBe('real.example');
  });

  it('overrides a client-supplied X-Forwarded-Proto and X-Forwarded-For too (no proxy trusted by default)', async () => {
    const echo = echoOf(
      await send(stack.web.port, '/api/x', {
        headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '6.6.6.6' },
      }),
    );
    expect(echo.headers['x-forwarded-proto']).toBe('http');
    // The API trusts one hop: the last address, this server's peer, is the visitor's.
    expect(echo.headers['x-forwarded-for']).toBe('6.6.6.6, 127.0.0.1');
  });

  it('answers 502 with a JSON error when the API is down', async () => {
    const deadPort = await freePort();
    const orphan = await startWebServer({
      port: 0,
      distDir: stack.dist,
      apiUrl: `http://127.0.0.1:${deadPort}`,
      ssrEntry: false,
    });
    try {
      const reply = await send(orphan.port, '/api/health');
      expect(reply.status).toBe(502);
      expect(JSON.parse(reply.body.toString())).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
      // Pages still go out, with the strict baseline policy.
      const page = await send(orphan.port, '/');
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toBe(contentSecurityPolicyFor(INDEX_HTML));
    } finally {
      await orphan.close();
    }
  });

  it('passes the API’s early 401 for a stranger’s 100 MB import on at once, without a reset', async () => {
    // Paced over about 2 s (a megabyte every 20 ms): a server that waited for the body would answer after it.
    const outcome = await sendRaw(stack.web.port, '/api/admin/import', { 'Content-Length': 100 * MB }, () =>
      padded('{}', 100 * MB, MB, 20),
    );
    expect(outcome.status).toBe(401);
    expect(outcome.body).toContain('"statusCode":401');
    expect(resetWithinLinger(outcome, BODY_LINGER_MS)).toBeUndefined();
    // Answered while most of the body was still to come, and closed at the latest after the linger time.
    expect(outcome.sentWhenAnsweredBytes).toBeLessThan(50 * MB);
    expect(outcome.closedAfterMs - outcome.answeredAfterMs!).toBeLessThan(BODY_LINGER_MS + 2000);
  }, 30_000);

  it('never tells the browser to close after a proxied call, and reuses its connection to the API', async () => {
    const first = await get('/api/channel/stats');
    const second = await get('/api/videos');
    for (const reply of [first, second]) {
      expect(reply.status).toBe(200);
      expect(reply.headers.connection).not.toBe('close');
    }
    expect(echoOf(first).headers.connection).not.toBe('close');
    expect(second.headers['x-api-socket']).toBe(first.headers['x-api-socket']);
  });
});
