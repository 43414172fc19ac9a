import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  BODY_LINGER_MS,
  BODY_TIMEOUT_MS,
  BODY_TIMEOUT_RESPONSE,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from '@app/contracts/request-timing';
import {
  PAGE_POLICY_PATH,
  type PageFeatures,
  pagePolicyHeaders,
  pagePolicySources,
} from '@app/contracts/page-policy';
import helmet from 'helmet';
import {
  CACHE_IMMUTABLE,
  CACHE_NONE,
  startWebServer,
  type RunningWebServer,
} from './web-app';
import { freePort, MB, padded, resetWithinLinger, sendRaw, sleep, trickled } from '@app/node-server/raw-http';
import { SESSION_COOKIE } from './api-micro-cache';
import { contentSecurityPolicyFor, inlineScriptHashes } from './page-csp';
import { fillHead } from './page-shell';

interface Echo {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Raw HTTP (fetch may not set Host or Origin, which these tests are about). */
function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolveReply, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolveReply({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** One HTTP/1.0 request without a Host header (Node's client always sends one). */
function sendWithoutHost(port: number, path: string): Promise<string> {
  return new Promise((resolveAnswer, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.0\r\n\r\n`));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolveAnswer(answer));
    socket.on('error', reject);
  });
}

const PAGE_HEAD = '<!--page-head-->\n<title>Default</title>\n<!--/page-head-->';
const INDEX_HTML = `<!doctype html><html><head>${PAGE_HEAD}<script>document.documentElement.dataset.x="1"</script></head><body><div id="root"></div>SPA-INDEX</body></html>`;
const BIG_JS = `console.log(${JSON.stringify('x'.repeat(20_000))});`;

const THIRD_PARTY_HOSTS = /googletagmanager|google-analytics|plausible|googlesyndication|doubleclick/;

describe('the web server (apps/web/server/web-app.ts)', () => {
  /** What the stand-in API says is switched on. */
  let features: PageFeatures = { googleAnalytics: false, plausible: false, adsense: false };
  /**
   * The API's Cache-Control on the policy. no-store keeps each page out of the page cache, so the
   * tests of the features see each switch at once; the page cache's own tests set the API's usual one.
   */
  let policyCacheControl = 'no-store';
  /** The site's language the stand-in API's public settings give, per site (Host). */
  const siteLanguages = new Map<string, string>();
  let policyCalls = 0;
  /** Calls the stand-in API got for each of its public paths. */
  const publicCalls = new Map<string, number>();
  let dist: string;
  let fakeApi: Server;
  let apiPort: number;
  let web: RunningWebServer;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'serve-spec-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), BIG_JS);
    // As vite-plugin-compression2 leaves a build: each big asset beside its brotli and gzip forms.
    writeFileSync(join(dist, 'assets', 'pre-XyZ789.js'), BIG_JS);
    writeFileSync(join(dist, 'assets', 'pre-XyZ789.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(join(dist, 'assets', 'pre-XyZ789.js.gz'), gzipSync(BIG_JS));
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The build's manifest (page-assets.ts): the watch page's chunk and its stylesheet.
    mkdirSync(join(dist, '.vite'));
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/app/watch-app.tsx': { file: 'assets/watch-app-W1.js', css: ['assets/watch-app-W1.css'] },
      }),
    );
    writeFileSync(join(dist, 'assets', 'watch-app-W1.css'), '.watch-layout{display:grid}');

    fakeApi = createServer((req, res) => {
      if (req.url === '/api/admin/import' && !req.headers.cookie) {
        // As the API answers a stranger: at once, then reading and dropping the rest of the body.
        const refusal = '{"statusCode":401,"message":"Authentication required","error":"Unauthorized"}';
        res.writeHead(401, { 'Content-Type': 'application/json', 'Content-Length': refusal.length });
        res.write(refusal);
        req.resume();
        req.on('end', () => res.end());
        return;
      }
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.url === PAGE_POLICY_PATH) {
          const sources = pagePolicySources(features);
          policyCalls++;
          res.writeHead(200, {
            'Content-Type': 'application/json',
            'Cache-Control': policyCacheControl,
            ...pagePolicyHeaders(sources),
          });
          res.end(JSON.stringify(sources));
          return;
        }
        const siteLanguage = siteLanguages.get(String(req.headers['x-forwarded-host']));
        if (req.url === '/api/settings' && siteLanguage) {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ siteTitle: 'Site', siteLanguage }));
          return;
        }
        if (req.url === '/api/page-head') {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(
            `<title>Head for ${req.headers['x-forwarded-proto']}://${req.headers['x-forwarded-host']}</title>`,
          );
          return;
        }
        const echo: Echo = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
        // Which connection to the API carried the call (keep-alive reuses one).
        res.setHeader('X-Api-Socket', String(req.socket.remotePort));
        // As the API: public answers may be kept by shared caches, the rest (here: the echo) no-store.
        if (req.url?.startsWith('/api/public')) {
          publicCalls.set(req.url, (publicCalls.get(req.url) ?? 0) + 1);
          res.setHeader('Cache-Control', 'public, max-age=5, s-maxage=1, stale-while-revalidate=60');
          res.setHeader('ETag', `W/"v1-${req.url.length}"`);
          if (req.url.includes('slow')) {
            setTimeout(() => res.end(JSON.stringify({ ...echo, n: publicCalls.get(req.url!) })), 200);
            return;
          }
          res.end(JSON.stringify({ ...echo, n: publicCalls.get(req.url) }));
          return;
        }
        res.setHeader('Cache-Control', 'no-store');
        res.writeHead(req.url === '/api/missing' ? 404 : 200, {
          'Content-Type': 'application/json',
          ...(req.url === '/api/hsts'
            ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
            : {}),
        });
        res.end(JSON.stringify(req.url === '/api/big' ? { ...echo, padding: 'y'.repeat(20_000) } : echo));
      });
    });
    await new Promise<void>((done) => fakeApi.listen(0, '127.0.0.1', done));
    apiPort = (fakeApi.address() as AddressInfo).port;
    web = await startWebServer({
      port: 0,
      distDir: dist,
      apiUrl: `http://127.0.0.1:${apiPort}`,
      ssrEntry: false,
    });
  });

  afterAll(async () => {
    await web?.close();
    await new Promise((done) => fakeApi?.close(done));
    rmSync(dist, { recursive: true, force: true });
  });

  const echoOf = (reply: Reply): Echo => JSON.parse(reply.body.toString()) as Echo;

  it('puts the watch chunk’s stylesheet, and no script, into a watch page’s head, not into other pages, and never serves the manifest', async () => {
    const watch = (await send(web.port, '/videos/dQw4w9WgXcQ')).body.toString();
    const head = watch.slice(0, watch.indexOf('</head>'));
    expect(head).toContain(
      '<style data-chunk-css="assets/watch-app-W1.css">.watch-layout{display:grid}</style>',
    );
    // The app and its chunks come at the first sign of interaction (src/boot.ts), not with the page.
    expect(head).not.toContain('modulepreload');
    for (const path of ['/', '/admin'])
      expect((await send(web.port, path)).body.toString()).not.toContain('watch-app');
    expect((await send(web.port, '/.vite/manifest.json')).status).toBe(404);
  });

  it('serves index.html at / without caching', async () => {
    const reply = await send(web.port, '/');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.headers['cache-control']).toBe(CACHE_NONE);
    expect(reply.body.toString()).toContain('SPA-INDEX');
  });

  it('puts the head from GET /api/page-head into every page, asked with the page’s host', async () => {
    for (const path of ['/', '/admin', '/index.html']) {
      const page = (await send(web.port, path, { headers: { Host: 'videos.example.org' } })).body.toString();
      expect(page).toContain(
        '<head><!--page-head--><title>Head for http://videos.example.org</title><!--/page-head--><script>',
      );
      expect(page).not.toContain('Default');
    }
  });

  it('keeps the default head when the API does not answer, and fills only the first head', () => {
    expect(fillHead(INDEX_HTML, undefined)).toBe(INDEX_HTML);
    const filled = fillHead(`${INDEX_HTML}${PAGE_HEAD}`, '<title>$& $1</title>');
    expect(filled).toContain('<!--page-head--><title>$& $1</title><!--/page-head--><script>');
    expect(filled.match(/Default/g)).toHaveLength(1);
    expect(fillHead('<p>plain</p>', '<title>x</title>')).toBe('<p>plain</p>');
  });

  it.each(['/admin', '/admin/', '/Admin'])(
    'falls back to the SPA for its page %s, with a 200',
    async (path) => {
      const reply = await send(web.port, path);
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe(CACHE_NONE);
      expect(reply.body.toString()).toContain('SPA-INDEX');
    },
  );

  it('answers every path that shows the not-found page with a 404, the first visit and every one after', async () => {
    // Asked in turn with a page between them: the shell kept for the one must not carry its status to the other.
    for (const path of [
      '/nonexistent',
      '/admin',
      '/no/such/page',
      '/',
      '/apix',
      '/index',
      '/index.html',
      '/admin/x',
    ]) {
      for (const visit of [1, 2]) {
        const reply = await send(web.port, path);
        expect({ path, visit, status: reply.status }).toEqual({
          path,
          visit,
          status: ['/', '/admin'].includes(path) ? 200 : 404,
        });
        expect(reply.headers['cache-control']).toBe(CACHE_NONE);
        expect(reply.body.toString()).toContain('SPA-INDEX');
      }
    }
  });

  it('sends the pages’ CSP, allowing the inline script of the built index.html by its hash', async () => {
    const expected = contentSecurityPolicyFor(INDEX_HTML);
    for (const path of ['/', '/admin', '/index.html']) {
      const reply = await send(web.port, path);
      expect(reply.headers['content-security-policy']).toBe(expected);
    }
    expect(expected).toContain(inlineScriptHashes(INDEX_HTML)[0]);
    const asset = await send(web.port, '/assets/index-AbC123.js');
    expect(asset.headers['content-security-policy']).toBeUndefined();
  });

  it('lets in the analytics and ad hosts only while the API says those features are on', async () => {
    try {
      for (const path of ['/', '/admin', '/index.html']) {
        const off = (await send(web.port, path)).headers['content-security-policy'];
        expect(off).toBe(contentSecurityPolicyFor(INDEX_HTML));
        expect(off).not.toMatch(THIRD_PARTY_HOSTS);
      }
      features = { googleAnalytics: false, plausible: true, adsense: false };
      const plausible = (await send(web.port, '/')).headers['content-security-policy'] as string;
      expect(plausible).toMatch(/script-src [^;]*https:\/\/plausible\.io/);
      expect(plausible).toMatch(/connect-src [^;]*https:\/\/plausible\.io/);
      expect(plausible).not.toMatch(/googletagmanager|googlesyndication/);
      features = { googleAnalytics: true, plausible: true, adsense: true };
      const all = (await send(web.port, '/videos')).headers['content-security-policy'] as string;
      expect(all).toBe(contentSecurityPolicyFor(INDEX_HTML, pagePolicySources(features)));
      expect(all).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
      expect(all).toMatch(/script-src [^;]*https:\/\/pagead2\.googlesyndication\.com/);
      expect(all).toContain(inlineScriptHashes(INDEX_HTML)[0]);
    } finally {
      features = { googleAnalytics: false, plausible: false, adsense: false };
    }
  });

  it('sends the API’s HSTS (helmet’s default) on pages, assets, files, 404s and proxied answers, once', async () => {
    let hsts = '';
    const res = { setHeader: (_name: string, value: string) => (hsts = value) };
    helmet.strictTransportSecurity()({} as never, res as never, () => undefined);
    expect(hsts).toMatch(/^max-age=\d+; includeSubDomains$/);
    for (const path of [
      '/',
      '/admin',
      '/index.html',
      '/assets/index-AbC123.js',
      '/favicon.svg',
      '/nope.png',
      '/api/x',
      '/api/hsts',
    ]) {
      const reply = await send(web.port, path);
      expect([path, reply.headers['strict-transport-security']]).toEqual([path, hsts]);
    }
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const reply = await send(web.port, '/assets/index-AbC123.js');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(reply.body.toString()).toBe(BIG_JS);
  });

  it('gzips text responses when the client accepts it', async () => {
    const reply = await send(web.port, '/assets/index-AbC123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.body.length).toBeLessThan(BIG_JS.length / 10);
    expect(gunzipSync(reply.body).toString()).toBe(BIG_JS);
  });

  it.each(['/assets/missing.js', '/missing.png', '/assets/nothing-here'])(
    'answers 404 for the missing file %s instead of the SPA',
    async (path) => {
      const reply = await send(web.port, path);
      expect(reply.status).toBe(404);
      expect(reply.body.toString()).not.toContain('SPA-INDEX');
    },
  );

  it.each(['/about.html', '/index.php', '/missing.png'])(
    'answers a browser navigating to the missing file %s with the SPA (its 404 page) and a 404',
    async (path) => {
      const reply = await send(web.port, path, {
        headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(reply.status).toBe(404);
      expect(reply.body.toString()).toContain('SPA-INDEX');
      expect(reply.headers['content-security-policy']).toBe(contentSecurityPolicyFor(INDEX_HTML));
      expect(reply.headers['cache-control']).toBe(CACHE_NONE);
    },
  );

  it('says the site’s language in a page it does not render (the 404), for a first visit to render it in', async () => {
    siteLanguages.set('sitio.example', 'es');
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const path of ['/no-such-page', '/about.html']) {
      const reply = await send(web.port, path, { headers: { Host: 'sitio.example', Accept: accept } });
      expect(reply.status).toBe(404);
      expect(reply.body.toString()).toMatch(/^<!doctype html><html lang="es" data-site-language="es">/);
    }
    // Without the API's answer the shell stays as it is (the browser falls back on what it remembers).
    const plain = await send(web.port, '/no-such-page', {
      headers: { Host: 'other.example', Accept: accept },
    });
    expect(plain.body.toString()).toMatch(/^<!doctype html><html><head>/);
  });

  it('answers a missing build asset with a plain 404 even to a browser (as nginx does)', async () => {
    const reply = await send(web.port, '/assets/missing.js', { headers: { Accept: 'text/html' } });
    expect(reply.status).toBe(404);
    expect(reply.body.toString()).not.toContain('SPA-INDEX');
  });

  it('does not answer POST to a page path with the SPA', async () => {
    const reply = await send(web.port, '/admin', { method: 'POST', body: '{}' });
    expect(reply.status).toBe(404);
  });

  it('proxies /api with the path, query, status and body intact', async () => {
    const reply = await send(web.port, '/api/channel/stats?x=1');
    expect(reply.status).toBe(200);
    expect(echoOf(reply)).toMatchObject({ method: 'GET', url: '/api/channel/stats?x=1' });
    const missing = await send(web.port, '/api/missing');
    expect(missing.status).toBe(404);
  });

  it('gzips proxied API responses too', async () => {
    const reply = await send(web.port, '/api/big', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(echoOf({ ...reply, body: gunzipSync(reply.body) }).url).toBe('/api/big');
  });

  it.each(['/sitemap.xml', '/rss.xml', '/robots.txt', '/oembed?url=http%3A%2F%2Fx%2Fvideos%2Fa&format=json'])(
    'proxies %s to the API',
    async (path) => {
      const reply = await send(web.port, path);
      expect(echoOf(reply).url).toBe(path);
    },
  );

  it('keeps the browser Host and Origin and sets X-Forwarded-* on state-changing calls', async () => {
    const body = JSON.stringify({ username: 'admin', password: 'admin123' });
    const reply = await send(web.port, '/api/auth/login', {
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
    const reply = await send(web.port, '/api/x', {
      headers: { Host: 'real.example', 'X-Forwarded-Host': 'evil.example' },
    });
    expect(echoOf(reply).headers['x-forwarded-host']).toBe('real.example');
  });

  it('overrides a client-supplied X-Forwarded-Proto and X-Forwarded-For too (no proxy trusted by default)', async () => {
    const echo = echoOf(
      await send(web.port, '/api/x', {
        headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '6.6.6.6' },
      }),
    );
    expect(echo.headers['x-forwarded-proto']).toBe('http');
    // The API trusts one hop: the last address, this server's peer, is the visitor's.
    expect(echo.headers['x-forwarded-for']).toBe('6.6.6.6, 127.0.0.1');
  });

  describe('behind a trusted front proxy (TRUST_PROXY, nginx in docker-compose)', () => {
    let behind: RunningWebServer;
    beforeAll(async () => {
      behind = await startWebServer({
        port: 0,
        distDir: dist,
        apiUrl: `http://127.0.0.1:${apiPort}`,
        ssrEntry: false,
        trustProxy: true,
      });
    });
    afterAll(() => behind.close());
    const fromFront = {
      Host: 'web:4200',
      'X-Forwarded-Host': 'videos.example.org',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-For': '6.6.6.6, 203.0.113.9',
    };

    it('passes the front’s protocol, host and chain on, the visitor last, without adding the front', async () => {
      const echo = echoOf(await send(behind.port, '/api/x', { headers: fromFront }));
      expect(echo.headers['x-forwarded-proto']).toBe('https');
      expect(echo.headers['x-forwarded-host']).toBe('videos.example.org');
      expect(echo.headers.host).toBe('videos.example.org');
      expect(echo.headers['x-forwarded-for']).toBe('6.6.6.6, 203.0.113.9');
    });

    it('builds the page with the visitor’s origin (the session cookie would be Secure behind TLS)', async () => {
      const page = (await send(behind.port, '/', { headers: fromFront })).body.toString();
      expect(page).toContain('<title>Head for https://videos.example.org</title>');
    });

    it('refuses a forwarded Host no URL can hold, as a direct one', async () => {
      const reply = await send(behind.port, '/', { headers: { ...fromFront, 'X-Forwarded-Host': 'a b' } });
      expect(reply.status).toBe(400);
    });

    it.each(['javascript', 'ftp', 'http s', ', https'])(
      'refuses the forwarded protocol %j with a 400, for pages and the API, as the API does',
      async (proto) => {
        for (const path of ['/', '/api/x']) {
          const reply = await send(behind.port, path, {
            headers: { ...fromFront, 'X-Forwarded-Proto': proto },
          });
          expect({ path, status: reply.status, body: reply.body.toString() }).toEqual({
            path,
            status: 400,
            body: 'Bad request: invalid X-Forwarded-Proto header',
          });
        }
      },
    );

    it('takes the first forwarded protocol in any case, and its own when the front names none', async () => {
      const first = await send(behind.port, '/api/x', {
        headers: { ...fromFront, 'X-Forwarded-Proto': 'HTTPS, http' },
      });
      expect(echoOf(first).headers['x-forwarded-proto']).toBe('https');
      const none = await send(behind.port, '/api/x', { headers: { ...fromFront, 'X-Forwarded-Proto': '' } });
      expect(echoOf(none).headers['x-forwarded-proto']).toBe('http');
    });
  });

  describe('with PUBLIC_URL: one page for every host', () => {
    let site: RunningWebServer;
    beforeAll(async () => {
      site = await startWebServer({
        port: 0,
        distDir: dist,
        apiUrl: `http://127.0.0.1:${apiPort}`,
        ssrEntry: false,
        trustProxy: true,
        publicUrl: 'https://videos.example.com',
      });
    });
    afterAll(() => site.close());
    const as = (host: string, proto = 'https') => ({ 'X-Forwarded-Host': host, 'X-Forwarded-Proto': proto });

    it('redirects a page asked for under another host to PUBLIC_URL, rendering nothing', async () => {
      policyCalls = 0;
      for (const host of [
        'evil.example',
        'r4nd0m.example',
        '203.0.113.7',
        'videos.example.com.evil.example',
        'videos.example.com:8443',
      ]) {
        const reply = await send(site.port, '/videos?page=2', { headers: as(host) });
        expect({ host, status: reply.status, location: reply.headers.location }).toEqual({
          host,
          status: 308,
          location: 'https://videos.example.com/videos?page=2',
        });
      }
      // A path that would resolve to another host stays a path on PUBLIC_URL's.
      const sneaky = await send(site.port, '//evil.example/x', { headers: as('evil.example') });
      expect(sneaky.headers.location).toBe('https://videos.example.com//evil.example/x');
      // No Host at all (HTTP/1.0): the site's address too.
      expect(await sendWithoutHost(site.port, '/')).toMatch(
        /^HTTP\/1\.1 308[^]*\r\nLocation: https:\/\/videos\.example\.com\/\r\n/i,
      );
      expect(policyCalls).toBe(0);
      // Files and the API answer under any host (the Docker health check asks for /favicon.svg by address).
      expect((await send(site.port, '/favicon.svg', { headers: as('127.0.0.1:4200', 'http') })).status).toBe(
        200,
      );
      expect(echoOf(await send(site.port, '/api/x', { headers: as('203.0.113.7') })).url).toBe('/api/x');
    });

    it('keeps pages and API answers by path, whatever the spelling of the host or the protocol', async () => {
      policyCacheControl = 'public, max-age=5, s-maxage=1, stale-while-revalidate=60';
      try {
        // At the start of a second: the API answers are kept until its end.
        await sleep(1020 - (Date.now() % 1000));
        policyCalls = 0;
        publicCalls.clear();
        for (const [host, proto] of [
          ['videos.example.com', 'https'],
          ['VIDEOS.Example.COM', 'https'],
          ['videos.example.com:443', 'https'],
          ['videos.example.com', 'http'],
        ]) {
          const page = await send(site.port, '/', { headers: as(host, proto) });
          expect(page.status).toBe(200);
          expect(page.body.toString()).toContain('SPA-INDEX');
          await send(site.port, '/api/public/site', { headers: as(host, proto) });
        }
        expect(policyCalls).toBe(1);
        expect(publicCalls.get('/api/public/site')).toBe(1);
      } finally {
        policyCacheControl = 'no-store';
      }
    });
  });

  it('a page asked for with another Host or X-Forwarded-Host never carries it to the next visitor', async () => {
    await send(web.port, '/', { headers: { Host: 'evil.example' } });
    const page = await send(web.port, '/', {
      headers: { Host: 'videos.example.org', 'X-Forwarded-Host': 'evil.example' },
    });
    expect(page.body.toString()).toContain('<title>Head for http://videos.example.org</title>');
    expect(page.body.toString()).not.toContain('evil.example');
    expect(page.headers['cache-control']).toBe(CACHE_NONE);
  });

  it.each(['evil.example/x', 'a b', '[::1', 'user@evil.example', 'evil.example:99999', '<b>'])(
    'refuses the malformed Host %j with a 400, for pages and the API alike',
    async (host) => {
      for (const path of ['/', '/admin', '/api/x', '/sitemap.xml']) {
        const reply = await send(web.port, path, { headers: { Host: host } });
        expect({ path, status: reply.status, body: reply.body.toString() }).toEqual({
          path,
          status: 400,
          body: 'Bad request: invalid Host header',
        });
      }
    },
  );

  it("names this server's address, never the API's, for a request without a Host", async () => {
    const own = `127.0.0.1:${web.port}`;
    const page = await sendWithoutHost(web.port, '/');
    expect(page).toContain(`<title>Head for http://${own}</title>`);
    const proxied = await sendWithoutHost(web.port, '/api/x');
    const echo = JSON.parse(proxied.slice(proxied.indexOf('\r\n\r\n') + 4)) as Echo;
    expect(echo.headers.host).toBe(own);
    expect(echo.headers['x-forwarded-host']).toBe(own);
    expect(page + proxied).not.toContain(`:${apiPort}`);
  });

  it('answers 502 with a JSON error when the API is down', async () => {
    const deadPort = await freePort();
    const orphan = await startWebServer({
      port: 0,
      distDir: dist,
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
    const outcome = await sendRaw(web.port, '/api/admin/import', { 'Content-Length': 100 * MB }, () =>
      padded('{}', 100 * MB, MB, 20),
    );
    expect(outcome.status).toBe(401);
    expect(outcome.body).toContain('"statusCode":401');
    expect(resetWithinLinger(outcome, BODY_LINGER_MS)).toBeUndefined();
    // Answered while most of the body was still to come, and closed at the latest after the linger time.
    expect(outcome.sentWhenAnsweredBytes).toBeLessThan(50 * MB);
    expect(outcome.closedAfterMs - outcome.answeredAfterMs!).toBeLessThan(BODY_LINGER_MS + 2000);
  }, 30_000);

  it('answers a trickled body (a byte every 2 s) with 408 after the body timeout, and closes', async () => {
    const outcome = await sendRaw(web.port, '/api/auth/login', { 'Content-Length': 100 }, () =>
      trickled(100, 2000),
    );
    expect(outcome.status).toBe(408);
    expect(JSON.parse(outcome.body)).toEqual(BODY_TIMEOUT_RESPONSE);
    expect(outcome.answeredAfterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    expect(outcome.answeredAfterMs).toBeLessThan(BODY_TIMEOUT_MS + 2000);
    expect(outcome.closedAfterMs).toBeLessThan(BODY_TIMEOUT_MS + 4000);
  }, 30_000);

  it('closes a connection whose headers trickle in, after the headers timeout', async () => {
    const started = Date.now();
    const socket = connect(web.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    const timer = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 2000);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const closedAfter = await new Promise<number>((closed) =>
      socket.on('close', () => closed(Date.now() - started)),
    );
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfter).toBeLessThan(HEADERS_TIMEOUT_MS + 2000);
  }, 30_000);

  it('bounds a whole request only past the time the largest backup has at the slowest rate allowed', () => {
    // Node's default (5 minutes) cut a 100 MB import sent below 2.8 Mbit/s.
    expect(web.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(web.server.requestTimeout).toBeGreaterThan(12_800_000);
    expect(web.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    // Idle connections outlive nginx's upstream keepalive_timeout (60 s), so a proxy never reuses a closing one.
    expect(web.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  });

  it('refuses to start without a built index.html', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'serve-empty-'));
    try {
      await expect(
        startWebServer({ port: 0, distDir: empty, apiUrl: 'http://127.0.0.1:1', ssrEntry: false }),
      ).rejects.toThrow(/index\.html is missing/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
  describe('precompressed assets and kept-alive connections', () => {
    const get = (path: string, encoding?: string) =>
      send(web.port, path, { headers: encoding === undefined ? {} : { 'Accept-Encoding': encoding } });

    it('sends the build’s brotli file to a browser that accepts br, with a year’s immutable caching', async () => {
      const reply = await get('/assets/pre-XyZ789.js', 'gzip, deflate, br');
      expect(reply.status).toBe(200);
      expect(reply.headers).toMatchObject({
        'content-encoding': 'br',
        'content-type': expect.stringMatching(/javascript/),
        'cache-control': CACHE_IMMUTABLE,
        vary: expect.stringMatching(/Accept-Encoding/),
      });
      expect(reply.body.equals(brotliCompressSync(BIG_JS))).toBe(true);
      expect(brotliDecompressSync(reply.body).toString()).toBe(BIG_JS);
    });

    it('sends the gzip file to a client without br, and the plain file to one without either', async () => {
      const zipped = await get('/assets/pre-XyZ789.js', 'gzip');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['cache-control']).toBe(CACHE_IMMUTABLE);
      expect(gunzipSync(zipped.body).toString()).toBe(BIG_JS);
      const plain = await get('/assets/pre-XyZ789.js', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(BIG_JS);
    });

    it('keeps index.html uncached by browsers, and sends it compressed as the client accepts', async () => {
      for (const [encoding, decode] of [
        ['gzip, deflate, br', brotliDecompressSync],
        ['gzip', gunzipSync],
        ['identity', (body: Buffer) => body],
      ] as const) {
        const page = await get('/', encoding);
        expect(page.headers['cache-control']).toBe(CACHE_NONE);
        expect(page.headers['content-security-policy']).toBe(contentSecurityPolicyFor(INDEX_HTML));
        expect(page.headers.vary).toMatch(/Accept-Encoding/);
        expect(decode(page.body).toString()).toContain('SPA-INDEX');
      }
    });

    it('renders a page once a second per origin while the API lets its policy be kept', async () => {
      policyCacheControl = 'public, max-age=5, s-maxage=1, stale-while-revalidate=60';
      try {
        await sleep(1100);
        policyCalls = 0;
        const views = await Promise.all(['/', '/admin', '/', '/videos'].map((path) => get(path, 'br')));
        for (const view of views) expect(brotliDecompressSync(view.body).toString()).toContain('SPA-INDEX');
        expect(policyCalls).toBe(1);
        const other = await send(web.port, '/', { headers: { Host: 'other.example' } });
        expect(other.body.toString()).toContain('Head for http://other.example');
        expect(policyCalls).toBe(2);
        await sleep(1100);
        await get('/');
        expect(policyCalls).toBe(3);
      } finally {
        policyCacheControl = 'no-store';
      }
    });

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
  describe('the micro-cache of the API’s answers, as nginx’s', () => {
    const startOfSecond = () => sleep(1020 - (Date.now() % 1000));
    const get = (path: string, headers: Record<string, string> = {}) => send(web.port, path, { headers });

    it('answers anonymous GETs from memory until the end of the second, one request filling it under a burst', async () => {
      await startOfSecond();
      const answers = await Promise.all(Array.from({ length: 20 }, () => get('/api/public/slow')));
      expect(answers.every((a) => a.status === 200 && echoOf(a).url === '/api/public/slow')).toBe(true);
      expect(publicCalls.get('/api/public/slow')).toBe(1);
      const hit = await get('/api/public/slow');
      expect(hit.headers['x-cache-status']).toBe('HIT');
      expect(hit.headers.connection).not.toBe('close');
      await get('/api/public/slow?limit=2');
      expect(publicCalls.get('/api/public/slow?limit=2')).toBe(1);
      await sleep(1000);
      await get('/api/public/slow');
      expect(publicCalls.get('/api/public/slow')).toBe(2);
    });

    it('answers a matching If-None-Match with 304 from memory', async () => {
      await startOfSecond();
      const first = await get('/api/public/etag');
      const again = await get('/api/public/etag', { 'If-None-Match': first.headers.etag as string });
      expect(again.status).toBe(304);
      expect(publicCalls.get('/api/public/etag')).toBe(1);
    });

    it('bypasses it with the session cookie, and never keeps a no-store answer', async () => {
      await startOfSecond();
      await get('/api/public/session');
      for (const cookie of ['sid=s%3Aadmin', '_ga=1; sid =s%3Aadmin']) {
        const signedIn = await get('/api/public/session', { Cookie: cookie });
        expect(signedIn.headers['x-cache-status']).toBeUndefined();
        expect(echoOf(signedIn).headers.cookie).toBe(cookie);
      }
      expect(publicCalls.get('/api/public/session')).toBe(3);
      const first = await get('/api/channel/stats', { 'X-Probe': '1' });
      const second = await get('/api/channel/stats', { 'X-Probe': '2' });
      expect(first.headers['cache-control']).toBe('no-store');
      expect(second.headers['x-cache-status']).not.toBe('HIT');
      expect(echoOf(second).headers['x-forwarded-host']).toBeDefined();
    });

    it('uses the session cookie name of the API', () => {
      const setup = readFileSync(join(__dirname, '../../api/src/auth/session.setup.ts'), 'utf8');
      expect(setup).toContain(`export const SESSION_COOKIE = '${SESSION_COOKIE}';`);
    });
  });
});
