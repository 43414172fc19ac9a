/**
 * A site for the web server's specs: a build folder (index.html with an inline script, assets plain and
 * precompressed, the manifest of the watch chunk) and a stand-in API on a free port that echoes what it gets,
 * answers the page model (`GET /api/page`) with a head naming the origin it was asked for and the policy of the
 * features `api.features` switches on (a weak ETag of its content, a 304 when asked with it), and `/api/public/*`
 * as the API answers public reads (kept by shared caches until the end of the second, `/api/public/unnamed*` without
 * naming how long; counted per URL).
 */
import { apiPaths } from '@app/contracts/api-paths';
import { type PageFeatures, pagePolicySources } from '@app/contracts/page-policy';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import { expiresThisSecond } from '@app/node-server';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type RunningWebServer, startWebServer, type WebServerOptions } from '../web-app';
import type { Echo } from './raw-request';

export const PAGE_HEAD = '<!--page-head-->\n<title>Default</title>\n<!--/page-head-->';
export const INDEX_HTML = `<!doctype html><html><head>${PAGE_HEAD}<script>document.documentElement.dataset.x="1"</script></head><body><div id="root"></div>SPA-INDEX</body></html>`;
export const BIG_JS = `console.log(${JSON.stringify('x'.repeat(20_000))});`;
/** What the API's image route sends: the Cache-Control of a file whose name names its content, and its bytes. */
export const CACHE_IMMUTABLE_ANSWER = 'public, max-age=31536000, immutable';
export const IMAGE_BYTES = Buffer.from('not really an AVIF, but bytes to pass on as they are');

/** The API's usual Cache-Control on public answers, which lets the web server keep pages built from them. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, s-maxage=1, stale-while-revalidate=60';

function makeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'serve-spec-'));
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
  return dist;
}

/** What the stand-in API says and has been asked; the specs change and read it. */
export interface FakeApi {
  port: number;
  /** What the API says is switched on. */
  features: PageFeatures;
  /** The site's title, in the model's head (a save moves it, and the model's ETag with it). */
  siteTitle: string;
  /** The site's language its public settings give, per site (X-Forwarded-Host). */
  siteLanguages: Map<string, string>;
  /** Page models asked for, and how many of them were answered with a body (not a 304). */
  modelCalls: number;
  modelBodies: number;
  /** How long it takes to answer a page model, in ms. */
  modelDelay: number;
  /** PUBLIC_URL as the API has it: the head's links then name it, whatever the request's host. */
  publicUrl: string | undefined;
  /** Calls it got for each of its public paths. */
  publicCalls: Map<string, number>;
}

function startFakeApi(): Promise<{ api: FakeApi; close(): Promise<void> }> {
  const api: FakeApi = {
    port: 0,
    features: { googleAnalytics: false, plausible: false, adsense: false },
    siteTitle: 'Head',
    siteLanguages: new Map(),
    modelCalls: 0,
    modelBodies: 0,
    modelDelay: 0,
    publicUrl: undefined,
    publicCalls: new Map(),
  };
  const server = createServer((req, res) => {
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
      const url = new URL(req.url ?? '/', 'http://api');
      if (url.pathname === apiPaths.pageModel) {
        api.modelCalls++;
        const host = String(req.headers['x-forwarded-host']);
        const path = url.searchParams.get('path') ?? '';
        const watch = path.startsWith('/videos/');
        const model = {
          path,
          kind: path === '/' ? 'home' : watch ? 'watch' : 'dashboard',
          status: 200,
          version: '1',
          // A site without a language of its own here says none (the shell's stays).
          settings: { ...PUBLIC_SETTINGS_DEFAULTS, siteLanguage: api.siteLanguages.get(host) },
          head: `<title>${api.siteTitle} for ${api.publicUrl ?? `${req.headers['x-forwarded-proto']}://${host}`}</title>`,
          policy: pagePolicySources(api.features),
          cache: { shared: true, cacheControl: 'no-cache' },
          data: null,
        };
        const json = JSON.stringify(model);
        const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
        res.setHeader('ETag', etag);
        setTimeout(() => {
          if (req.headers['if-none-match'] === etag) {
            res.writeHead(304).end();
            return;
          }
          api.modelBodies++;
          res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
          res.end(json);
        }, api.modelDelay);
        return;
      }
      if (url.pathname.startsWith('/images/')) {
        // As the API's image route: an immutable file with a strong ETag, a 304 for it.
        const etag = `"${createHash('sha1').update(url.pathname).digest('base64url')}"`;
        res.setHeader('Cache-Control', CACHE_IMMUTABLE_ANSWER);
        res.setHeader('ETag', etag);
        if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
        res.writeHead(200, { 'Content-Type': 'image/avif', 'Content-Length': IMAGE_BYTES.length });
        res.end(IMAGE_BYTES);
        return;
      }
      const echo: Echo = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      // Which connection to the API carried the call (keep-alive reuses one).
      res.setHeader('X-Api-Socket', String(req.socket.remotePort));
      // As the API: public answers may be kept by shared caches, the rest (here: the echo) no-store.
      if (req.url?.startsWith('/api/public')) {
        const url = req.url;
        api.publicCalls.set(url, (api.publicCalls.get(url) ?? 0) + 1);
        res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
        res.setHeader('ETag', `W/"v1-${url.length}"`);
        if (!url.startsWith('/api/public/unnamed')) res.setHeader('X-Accel-Expires', expiresThisSecond());
        const answer = () => res.end(JSON.stringify({ ...echo, n: api.publicCalls.get(url) }));
        if (url.includes('slow')) setTimeout(answer, 200);
        else answer();
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
  return new Promise((started) =>
    server.listen(0, '127.0.0.1', () => {
      api.port = (server.address() as AddressInfo).port;
      started({ api, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

export interface FakeStack {
  dist: string;
  api: FakeApi;
  /** The web server over them, without server rendering. */
  web: RunningWebServer;
  /** Another web server over the same build and API (closed with the site). */
  start(options?: Partial<WebServerOptions>): Promise<RunningWebServer>;
}

/** Sets the site up before the spec file's tests and takes it down after them. */
export function useFakeStack(): FakeStack {
  const stack = {} as FakeStack;
  const servers: RunningWebServer[] = [];
  let closeApi: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    stack.dist = makeDist();
    const fake = await startFakeApi();
    stack.api = fake.api;
    closeApi = fake.close;
    stack.start = async (options = {}) => {
      const web = await startWebServer({
        port: 0,
        distDir: stack.dist,
        apiUrl: `http://127.0.0.1:${stack.api.port}`,
        ssrEntry: false,
        ...options,
      });
      servers.push(web);
      return web;
    };
    stack.web = await stack.start();
  });
  afterAll(async () => {
    await Promise.all(servers.map((web) => web.close()));
    await closeApi?.();
    if (stack.dist) rmSync(stack.dist, { recursive: true, force: true });
  });
  return stack;
}
