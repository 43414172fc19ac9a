/**
 * The web app's server: the built SPA, its pages with their head and (for `/` and the watch pages) their content
 * rendered here, and a reverse proxy to the API. The one way a page reaches a visitor: `npm start`, the Docker
 * image (nginx in front only proxies and caches) and `npm run dev` (with Vite's middleware in place of the
 * build, `dev-server.ts`) all run this code. Bundled into `dist/apps/web-server/main.cjs` (`main.ts`).
 */
import { apiPaths, isApiPath } from '@app/contracts/api-paths';
import {
  PAGE_POLICY_PATH,
  type PagePolicySources,
  pagePolicySourcesSchema,
} from '@app/contracts/page-policy';
import { isValidHost, isValidProtocol } from '@app/contracts/site-host';
import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import {
  Agent,
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request as httpRequest,
  type Server,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import { guardRequestBody, limitRequestTimes } from '@app/node-server';
import { createCriticalCss } from './critical-css';
import { contentSecurityPolicyFor } from './page-csp';
import { createPageRenderer, type SsrEntrySource } from './page-renderer';
import { APP_CHUNK_SOURCE, chunkHeadTags, WATCH_CHUNK_SOURCE, withHeadTags } from './page-assets';
import { fillHead, fillShell, withSiteLanguage } from './page-shell';
import { createAutoColorScheme } from './auto-color-scheme';
import { PAGE_DATA_PATH } from '@app/contracts/page-data';
import { isSitePagePath, videoIdFromWatchPath } from '@app/contracts/watch';
import { LRUCache } from 'lru-cache';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_NONE = 'no-cache';
export const CACHE_SHORT = 'public, max-age=3600';

export interface WebAppOptions {
  /** Directory with the built SPA (index.html + assets/). */
  distDir: string;
  /** Base URL of the API, e.g. http://127.0.0.1:3000 */
  apiUrl: string;
  /**
   * The server-rendering entry (`dist/apps/web-server/entry-server.mjs`, see page-renderer.ts); false sends every
   * page as the prerendered shell.
   */
  ssrEntry: SsrEntrySource | false;
  /** `npm run dev` (dev-server.ts): Vite's middleware serves the files and the shell, nothing is kept. */
  dev?: DevAssets;
  /** A proxy in front (TRUST_PROXY): its X-Forwarded-Proto, -Host and -For are the visitor's. */
  trustProxy?: boolean;
  /**
   * The site's address (PUBLIC_URL, as the API is given it). Its pages are then the same whatever host a request
   * names: kept by path alone, and a page asked for under another host is redirected to this one.
   */
  publicUrl?: string;
}

/** What Vite gives the server under `npm run dev` in place of the build. */
export interface DevAssets {
  /** Vite's middleware: the modules, its client, the public files. */
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  /** index.html as the build makes it (prerendered shell included), transformed by Vite for `url`. */
  shell(url: string): Promise<string>;
}

/** A request for something with a file extension (or under /assets) is never answered with the SPA. */
function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\/[^/]*\.[A-Za-z0-9]+$/.test(pathname);
}

/** A browser navigating (its Accept names HTML), rather than a script, an image or a tool asking for a file. */
function wantsPage(req: IncomingMessage): boolean {
  return /\btext\/html\b/i.test(req.headers.accept ?? '');
}

/**
 * What a trusted front proxy (TRUST_PROXY, e.g. nginx in docker-compose) said about a request: the visitor's
 * protocol, and the X-Forwarded-For chain it made (ending with the visitor's address).
 */
const fromFront = new WeakMap<IncomingMessage, { protocol: 'http' | 'https' | null; forwardedFor: string }>();

/**
 * With a trusted front proxy, takes the protocol, host and visitor address it forwarded (one hop, as the API trusts
 * one: this server then passes the front's chain on without adding the front's address); a Host in
 * X-Forwarded-Host replaces the request's. A protocol other than http or https is kept as null (a 400 below),
 * read as the API's Express reads it: the first value, or this server's own protocol when the header is empty.
 */
function trustFront(req: IncomingMessage): void {
  const given = String(req.headers['x-forwarded-proto'] ?? '');
  const proto = given ? given.split(',')[0].trim().toLowerCase() : ownProtocol(req);
  const host = String(req.headers['x-forwarded-host'] ?? '')
    .split(',')[0]
    .trim();
  if (host) req.headers.host = host;
  fromFront.set(req, {
    protocol: isValidProtocol(proto) ? (proto as 'http' | 'https') : null,
    forwardedFor: String(req.headers['x-forwarded-for'] ?? '') || (req.socket.remoteAddress ?? ''),
  });
}

function ownProtocol(req: IncomingMessage): 'http' | 'https' {
  return req.socket instanceof TLSSocket ? 'https' : 'http';
}

function protocolOf(req: IncomingMessage): 'http' | 'https' {
  return fromFront.get(req)?.protocol ?? ownProtocol(req);
}

/** Why a request's host or protocol cannot go into a link (the API answers it 400 too), or null. */
function badOrigin(req: IncomingMessage): string | null {
  if (req.headers.host !== undefined && !isValidHost(req.headers.host)) return 'invalid Host header';
  if (fromFront.get(req)?.protocol === null) return 'invalid X-Forwarded-Proto header';
  return null;
}

/** The X-Forwarded-For the API gets: the chain so far, ending with the address of whoever sent this request. */
function forwardedFor(req: IncomingMessage): string {
  const front = fromFront.get(req);
  if (front) return front.forwardedFor;
  return [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
}

/**
 * The host the browser asked for, which the API builds the page head's and the feeds' links from.
 * A request without one (HTTP/1.0) gets the address this server was reached on, never the API's
 * internal one (what the proxy or fetch would put in Host otherwise).
 */
function siteHost(req: IncomingMessage): string {
  if (req.headers.host) return req.headers.host;
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

/** How long a page waits for its head from the API before it goes out with the defaults. */
export const PAGE_HEAD_TIMEOUT_MS = 2000;

/** Asks the API for a part of a page (its head, its policy) with the page request's host, as the proxy would. */
async function fetchFromApi(
  apiUrl: string,
  req: Request,
  path: string,
  json = false,
): Promise<{ text: string; cacheControl: string }> {
  const res = await fetch(new URL(path, apiUrl), {
    headers: { 'X-Forwarded-Host': siteHost(req), 'X-Forwarded-Proto': protocolOf(req) },
    signal: AbortSignal.timeout(PAGE_HEAD_TIMEOUT_MS),
  });
  if (!res.ok || (json && res.status !== 200)) throw new Error(`${path}: ${res.status}`);
  return { text: await res.text(), cacheControl: res.headers.get('cache-control') ?? '' };
}

/** The rendered pages' data kept for their apps, by size: `/` about 20 KB, a watch page about 12 KB. */
const PAGE_DATA_BYTES = 32 * 1024 * 1024;

/** How long a rendered page is kept (until the API's answers it holds may have changed). */
export const PAGE_CACHE_MS = 1000;

interface RenderedPage {
  /** 404 for the watch page of a video the site does not have. */
  status: number;
  html: Buffer;
  sources?: PagePolicySources;
  /** Its head's links follow the request's Host (the API marked the head private): no shared cache keeps it. */
  hostLinks?: boolean;
  /** False when the API marked the policy no-store (or under `npm run dev`): the page is not kept. */
  keep: boolean;
  /** The shell it was made from (its inline scripts are in the page's policy). */
  shell: string;
  etag?: string;
}

/** A strong validator of the page's bytes (one per rendering; the encodings add their suffix). */
function pageEtag(page: RenderedPage): string {
  return (page.etag ??= createHash('sha1').update(page.html).digest('base64url').slice(0, 20));
}

/**
 * Brotli's quality for pages: 10 makes `/` 8 % smaller than 5 (12.7 KB against 13.8 KB), so it fits TCP's first
 * 14.6 KB with its headers and a phone on a slow network paints a round trip sooner (issue 23). It costs about
 * 30 ms for `/` (20 ms for a watch page) on a thread of libuv's pool, once per content (`PageEncodings`).
 */
const PAGE_BROTLI_QUALITY = 10;
const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page's compressed forms, by its content (its validator): the same page rendered again in the next second is
 * not compressed again, so the brotli quality costs once per change of the page, off the event loop.
 */
class PageEncodings {
  private readonly kept = new LRUCache<string, Promise<Buffer>>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: () => 16 * 1024,
  });

  of(page: RenderedPage, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const key = `${pageEtag(page)} ${encoding}`;
    let encoded = this.kept.get(key);
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? brotliCompressAsync(page.html, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: page.html.length,
              },
            })
          : gzipAsync(page.html);
      this.kept.set(key, encoded);
      encoded.catch(() => this.kept.delete(key));
    }
    return encoded;
  }
}

/**
 * The browser's Host stays as it is (changeOrigin: false) so the API's same-origin check
 * compares the browser's Origin with the host the browser actually used; X-Forwarded-*
 * tells it the same thing explicitly (the API trusts one proxy hop).
 */
const forwardedHeaders: Plugin = (proxyServer) => {
  proxyServer.on('proxyReq', (proxyReq, req, res) => {
    // An answer given before the body was passed on (the API's early 401, our 408) ends the upload.
    res.once('close', () => {
      if (!proxyReq.writableEnded) proxyReq.destroy();
    });
    proxyReq.setHeader('X-Forwarded-For', forwardedFor(req));
    if (!req.headers.host) proxyReq.setHeader('Host', siteHost(req));
    proxyReq.setHeader('X-Forwarded-Host', siteHost(req));
    proxyReq.setHeader('X-Forwarded-Proto', protocolOf(req));
  });
  // Without a keep-alive agent http-proxy asks the API with `Connection: close` and passes the API's
  // `Connection: close` on, so the browser opened a new connection for every call. The browser's
  // own connection is kept as it asked (http-proxy sets keep-alive when no Connection comes back).
  proxyServer.on('proxyRes', (proxyRes) => {
    delete proxyRes.headers.connection;
    delete proxyRes.headers['keep-alive'];
  });
  proxyServer.on('error', (error, _req, res) => {
    // `res` is a socket for upgrade requests; those are simply closed.
    if (!('writeHead' in res)) {
      res.destroy();
      return;
    }
    const response = res as ServerResponse;
    // The API answered before the whole body was sent (a stranger's import): its answer stands.
    if (response.writableEnded) return;
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(502, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': CACHE_NONE,
    });
    response.end(
      JSON.stringify({
        statusCode: 502,
        message: `API unavailable (${error.message})`,
        error: 'Bad Gateway',
      }),
    );
  });
};

/** The API's session cookie (apps/api/src/auth/session.setup.ts; web-app.spec.ts keeps them equal). */
export const SESSION_COOKIE = 'sid';
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}\\s*=`);
/**
 * Visitors' own writes, which change nothing the public answers hold (analytics beacons, newsletter sign-ups): they
 * leave the kept answers and pages alone (every page view sends a beacon).
 */
const VISITOR_WRITES = new Set<string>([apiPaths.events, apiPaths.newsletterSubscribe]);
/** Headers of the API's answer not passed on from the micro-cache (hop-by-hop, or recomputed). */
const UNKEPT_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

interface ApiAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** 200, no cookie set, not no-store: may be handed to every anonymous visitor until it expires. */
  keep: boolean;
}

/**
 * The compose nginx's micro-cache, in Node (apps/web/nginx.conf, docs/deployment.md): anonymous GETs
 * and HEADs of the API are answered from memory until the end of the second, keyed on origin (unless
 * PUBLIC_URL is set), path, query and encoding class; one request fills an entry while the others wait for it; a request
 * with the session cookie, and an answer the API marks no-store, never go through it.
 */
function apiMicroCache(
  apiUrl: string,
  agent: Agent | HttpsAgent,
  entries: Map<string, { expires: number; answer: Promise<ApiAnswer> }>,
  sameForEveryHost: boolean,
) {
  const ask = (req: Request, gzip: boolean): Promise<ApiAnswer> =>
    new Promise((resolveAnswer, reject) => {
      const url = new URL(req.originalUrl, apiUrl);
      const headers: Record<string, string> = {
        Host: siteHost(req),
        'X-Forwarded-Host': siteHost(req),
        'X-Forwarded-Proto': protocolOf(req),
        'X-Forwarded-For': forwardedFor(req),
        'Accept-Encoding': gzip ? 'gzip' : 'identity',
        Accept: req.headers.accept ?? '*/*',
      };
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const upstream = send(url, { method: 'GET', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolveAnswer({
            status: res.statusCode ?? 502,
            headers: res.headers,
            body: Buffer.concat(chunks),
            keep:
              res.statusCode === 200 &&
              res.headers['set-cookie'] === undefined &&
              !/\bno-store\b/i.test(res.headers['cache-control'] ?? ''),
          }),
        );
        res.on('error', reject);
      });
      upstream.setTimeout(PAGE_HEAD_TIMEOUT_MS * 5, () => upstream.destroy(new Error('API timeout')));
      upstream.on('error', reject);
      upstream.end();
    });

  return (req: Request, res: Response, next: NextFunction) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !isApiPath(req.path) ||
      SESSION_COOKIE_PATTERN.test(req.headers.cookie ?? '')
    )
      return next();
    const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
    // With PUBLIC_URL the API's answers name it whatever the host (the API keys its own cache the same way).
    const origin = sameForEveryHost ? '' : `${protocolOf(req)}://${siteHost(req)}`;
    const key = `${origin}${req.originalUrl}${gzip ? ' gzip' : ''}`;
    const now = Date.now();
    let entry = entries.get(key);
    let status = 'HIT';
    if (!entry || entry.expires <= now) {
      if (entries.size > 10_000) entries.clear();
      const fresh = { expires: Math.floor(now / 1000) * 1000 + 1000, answer: ask(req, gzip) };
      entries.set(key, fresh);
      fresh.answer.then(
        (answer) => !answer.keep && entries.get(key) === fresh && entries.delete(key),
        () => entries.get(key) === fresh && entries.delete(key),
      );
      entry = fresh;
      status = 'MISS';
    }
    const mine = status === 'MISS';
    entry.answer.then(
      (answer) => {
        // An answer that may not be kept is only the asker's: the others who waited ask themselves.
        if (!answer.keep && !mine) return next();
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !UNKEPT_HEADERS.has(name)) res.setHeader(name, value);
        res.setHeader('X-Cache-Status', answer.keep ? status : 'BYPASS');
        const etag = answer.headers.etag;
        const asked = req.headers['if-none-match'];
        if (answer.status === 200 && etag && asked?.split(',').some((tag) => tag.trim() === etag)) {
          res.status(304).end();
          return;
        }
        res.setHeader('Content-Length', answer.body.length);
        res.status(answer.status).end(req.method === 'HEAD' ? undefined : answer.body);
      },
      () => next(),
    );
  };
}

/** Builds the express app: compression, API proxy, static files with cache headers, SPA fallback. */
export function createWebApp(options: WebAppOptions): Express {
  const distDir = resolve(options.distDir);
  const { dev } = options;
  /** PUBLIC_URL's host and origin: the one host the pages are served under. */
  const publicHost = options.publicUrl === undefined ? undefined : new URL(options.publicUrl);
  /** Whether a request names PUBLIC_URL's host, its port included (the default one omitted), when it is set. */
  const onPublicHost = (req: Request): boolean =>
    publicHost === undefined ||
    (req.headers.host !== undefined &&
      new URL(`${protocolOf(req)}://${req.headers.host}`).host === publicHost.host);
  const indexFile = join(distDir, 'index.html');
  const builtIndex = dev || !existsSync(indexFile) ? undefined : readFileSync(indexFile, 'utf8');
  /** The page before its head and content: the built index.html, or (dev) Vite's form of it. */
  const shellFor = (req: Request): Promise<string> | undefined =>
    dev ? dev.shell(req.originalUrl) : builtIndex === undefined ? undefined : Promise.resolve(builtIndex);
  // The pages' CSP (page-csp.ts), with the hash of the shell's inline scripts and the hosts of the features the
  // API says are on; the strict baseline when it does not say.
  const setPageHeaders = (
    res: Response,
    shell: string | undefined,
    sources?: PagePolicySources,
    hostLinks = false,
  ) => {
    // A head whose links follow the request's Host (no PUBLIC_URL) is the asker's alone: no shared cache
    // may keep the page (host-header poisoning, docs/security.md).
    res.setHeader('Cache-Control', hostLinks ? `private, ${CACHE_NONE}` : CACHE_NONE);
    if (shell !== undefined)
      res.setHeader('Content-Security-Policy', contentSecurityPolicyFor(shell, sources));
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');

  if (options.trustProxy)
    app.use((req, _res, next) => {
      trustFront(req);
      next();
    });
  app.use(guardRequestBody);
  app.use(compression());
  // HSTS on every answer (pages, assets, files, feeds), with helmet's default, the value the API's
  // helmet sends (apps/api/src/app.factory.ts); browsers ignore it over plain http. The API's own
  // header on proxied answers replaces this one, so an answer carries it once.
  app.use(helmet.strictTransportSecurity());
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  });

  // A Host no URL can hold, or a forwarded protocol other than http(s), is refused here as the API refuses it
  // (apps/api/src/common/valid-host.middleware.ts): it must not reach the page head's links.
  app.use((req, res, next) => {
    const bad = badOrigin(req);
    if (bad === null) return next();
    res.status(400).type('text/plain').setHeader('Cache-Control', CACHE_NONE).send(`Bad request: ${bad}`);
  });

  const keepAlive = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64 };
  const agent = options.apiUrl.startsWith('https:') ? new HttpsAgent(keepAlive) : new Agent(keepAlive);
  // What this server keeps (API answers, rendered pages) is dropped once a write through it is answered:
  // a save in the dashboard shows on the next view at once here (nginx, in front of several processes,
  // keeps its copies until the end of the second instead).
  const apiAnswers = new Map<string, { expires: number; answer: Promise<ApiAnswer> }>();
  const pages = new Map<string, { expires: number; page: Promise<RenderedPage> }>();
  const encodings = new PageEncodings();
  app.use((req, res, next) => {
    if (
      !['GET', 'HEAD', 'OPTIONS'].includes(req.method) &&
      isApiPath(req.path) &&
      !VISITOR_WRITES.has(req.path)
    ) {
      res.on('finish', () => {
        apiAnswers.clear();
        pages.clear();
      });
    }
    next();
  });
  app.use(apiMicroCache(options.apiUrl, agent, apiAnswers, publicHost !== undefined));
  app.use(
    createProxyMiddleware({
      target: options.apiUrl,
      agent,
      changeOrigin: false,
      xfwd: false,
      pathFilter: (pathname) => isApiPath(pathname),
      ejectPlugins: true,
      plugins: [forwardedHeaders],
    }),
  );

  // Every page is index.html with the site's head tags put in (and, for `/` and the watch pages, their content),
  // kept 1 s per origin (per path for the rendered ones): concurrent page views share one rendering, and its gzip
  // and brotli forms are made once, not per view. A policy the API marks no-store is not kept; nothing is under
  // `npm run dev`.
  const renderer =
    options.ssrEntry === false ? undefined : createPageRenderer(options.apiUrl, options.ssrEntry);
  // A watch page carries its chunk's stylesheets in its head (page-assets.ts); index.html has the app's.
  const watchHeadTags = dev ? '' : chunkHeadTags(distDir, WATCH_CHUNK_SOURCE, APP_CHUNK_SOURCE);
  // A rendered page carries only the rules its markup uses (critical-css.ts); the app enables the whole sheets.
  const criticalCss = createCriticalCss();
  // A page of a site in the `auto` colour scheme follows the visitor's from its first paint (auto-color-scheme.ts).
  const autoColorScheme = createAutoColorScheme();
  // Each rendering's data (src/ssr-state.ts), by its id (a hash of its content), while it is among the latest.
  const pageData = new LRUCache<string, string>({
    maxSize: PAGE_DATA_BYTES,
    sizeCalculation: (json) => Math.max(1, json.length),
  });
  app.get(`${PAGE_DATA_PATH}:id`, (req, res) => {
    const json = pageData.get(req.params.id);
    res.type('json');
    if (json === undefined) {
      res.status(404).setHeader('Cache-Control', CACHE_NONE);
      res.send({ statusCode: 404, message: 'This page data is no longer kept', error: 'Not Found' });
      return;
    }
    // Its address names its content: a browser may keep it as long as it likes.
    res.setHeader('Cache-Control', CACHE_IMMUTABLE);
    res.send(json);
  });
  const renderPage = async (req: Request, shellHtml: string): Promise<RenderedPage> => {
    // `/` and the watch pages carry their content (their head names the video: GET /api/page-head?video=).
    const rendered = renderer?.renders(req.path) ? renderer.body(req.path) : undefined;
    const videoId = videoIdFromWatchPath(req.path);
    const virtual = (path: string) =>
      videoId === null ? path : `${path}?video=${encodeURIComponent(videoId)}`;
    // No answer, or one that is not a policy: the strict baseline, never an error page.
    const policy = fetchFromApi(options.apiUrl, req, PAGE_POLICY_PATH, true)
      .then(({ text, cacheControl }) => ({
        sources: pagePolicySourcesSchema.parse(JSON.parse(text)) as PagePolicySources | undefined,
        cacheControl,
      }))
      .catch(() => ({ sources: undefined, cacheControl: '' }));
    // No answer (or an error) from the API: the defaults in index.html stand.
    const head = fetchFromApi(options.apiUrl, req, virtual(apiPaths.pageHead)).catch(() => undefined);
    // A page not rendered here (the 404, the dashboard) is rendered by the browser in the site's language,
    // which the page says (`data-site-language`): a first visit has no settings of its own yet.
    const language = rendered
      ? undefined
      : fetchFromApi(options.apiUrl, req, apiPaths.settings, true)
          .then(({ text }) => (JSON.parse(text) as { siteLanguage?: unknown }).siteLanguage)
          .catch(() => undefined);
    const [headAnswer, { sources, cacheControl }, body, siteLanguage] = await Promise.all([
      head,
      policy,
      rendered,
      language,
    ]);
    if (body?.data) pageData.set(body.data.id, body.data.json);
    const shell = withSiteLanguage(
      withHeadTags(fillHead(shellHtml, headAnswer?.text), videoId === null ? '' : watchHeadTags),
      siteLanguage,
    );
    return {
      status: body?.status ?? 200,
      html: Buffer.from(body ? autoColorScheme(await criticalCss(fillShell(shell, body))) : shell),
      shell: shellHtml,
      sources,
      hostLinks: /\bprivate\b/i.test(headAnswer?.cacheControl ?? ''),
      keep: !dev && !/\bno-store\b/i.test(cacheControl),
    };
  };
  const sendPage = (req: Request, res: Response, next: NextFunction) => {
    const shell = shellFor(req);
    if (shell === undefined) return next();
    // With PUBLIC_URL the page is the same for every host: another host (an alias, the server's address, a random
    // Host meant to miss the cache) is sent to the site's own address, which costs no rendering. The path is
    // appended as it is, never resolved against it (`//evil.example` stays a path on PUBLIC_URL's host).
    if (!onPublicHost(req)) {
      res.setHeader('Cache-Control', CACHE_SHORT);
      res.redirect(308, `${publicHost!.origin}${req.originalUrl}`);
      return;
    }
    // One page for the shell, one per path for the pages rendered on the server; per origin while the head's
    // links follow the request's host (no PUBLIC_URL).
    const origin = publicHost ? '' : `${protocolOf(req)}://${siteHost(req)}`;
    const key = `${origin}${renderer?.renders(req.path) ? req.path : ''}`;
    const now = Date.now();
    let cached = pages.get(key);
    if (!cached || cached.expires <= now) {
      if (pages.size > 1000) pages.clear();
      cached = { expires: now + PAGE_CACHE_MS, page: shell.then((html) => renderPage(req, html)) };
      pages.set(key, cached);
      const entry = cached;
      entry.page.then(
        (page) => !page.keep && pages.get(key) === entry && pages.delete(key),
        () => pages.get(key) === entry && pages.delete(key),
      );
    }
    cached.page
      .then((page) => {
        setPageHeaders(res, page.shell, page.sources, page.hostLinks);
        // A page not kept here is not kept by nginx in front either (its policy is the asker's alone).
        if (!page.keep) res.setHeader('X-Accel-Expires', '0');
        // A path that is none of the site's pages shows the not-found page: its status says so too (the shell is
        // kept once for every such path, so the status is the path's, not the kept page's).
        const status = isSitePagePath(req.path) ? page.status : 404;
        if (status !== 200) res.status(status);
        res.type('html');
        res.vary('Accept-Encoding');
        // Brotli whenever accepted (browsers list it last: "gzip, deflate, br").
        const encoding = req.acceptsEncodings('br') || req.acceptsEncodings('gzip', 'identity');
        // A validator, so a browser (the page is no-cache) or a shared cache revalidates with a 304.
        if (status === 200 && res.statusCode === 200) {
          const etag = `"${pageEtag(page)}${encoding === 'br' || encoding === 'gzip' ? `-${encoding}` : ''}"`;
          res.setHeader('ETag', etag);
          const asked = req.headers['if-none-match'];
          if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
            res.status(304).end();
            return;
          }
        }
        if (encoding === 'br' || encoding === 'gzip')
          return encodings.of(page, encoding).then((body) => {
            res.setHeader('Content-Encoding', encoding);
            res.end(body);
          });
        res.end(page.html);
      })
      .catch((error: Error) => (res.headersSent ? res.destroy(error) : next(error)));
  };
  app.get('/index.html', sendPage);

  // Files compressed at build time (vite-plugin-compression2: `x.js.br`, `x.js.gz` beside `x.js`) are
  // sent as they are, brotli first, then gzip; compression() leaves an encoded answer alone. Under
  // `npm run dev`, Vite's middleware serves the sources instead.
  if (dev) app.use(dev.middlewares);
  else
    app.use(
      expressStaticGzip(distDir, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: {
          index: false,
          redirect: false,
          setHeaders(res, filePath) {
            const relative = filePath
              .slice(distDir.length)
              .replaceAll('\\', '/')
              .replace(/\.(?:br|gz)$/, '');
            if (relative.startsWith('/assets/')) res.setHeader('Cache-Control', CACHE_IMMUTABLE);
            else if (relative.endsWith('.html')) setPageHeaders(res as Response, builtIndex);
            else res.setHeader('Cache-Control', CACHE_SHORT);
          },
        },
      }),
    );

  // The SPA owns every other page path, including its own 404 page (with a 404 status: `isSitePagePath`).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || looksLikeFile(req.path)) return next();
    sendPage(req, res, next);
  });

  // A missing file: a browser navigating to it (`/about.html`) gets the SPA's 404 page, with the
  // 404 status; anything else (a script, an image, curl) a short text.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/assets/') || !wantsPage(req))
      return next();
    res.status(404);
    sendPage(req, res, next);
  });
  app.use((req: Request, res: Response) => {
    res.status(404).type('text/plain').setHeader('Cache-Control', CACHE_NONE).send(`Not found: ${req.path}`);
  });

  app.use((error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    const status = error.status ?? 500;
    res
      .status(status)
      .type('text/plain')
      .send(status === 404 ? 'Not found' : 'Internal server error');
  });

  return app;
}

export interface WebServerOptions extends WebAppOptions {
  port: number;
  host?: string;
  /** The HTTP server to answer on (`npm run dev` hands Vite the same one for its hot-reload socket). */
  server?: Server;
}

export interface RunningWebServer {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Starts the web server; resolves once it listens (port 0 picks a free port). */
export function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const host = options.host ?? '127.0.0.1';
  const distDir = resolve(options.distDir);
  if (!options.dev && !existsSync(join(distDir, 'index.html'))) {
    return Promise.reject(
      new Error(`${distDir}/index.html is missing: build the web app first (npx nx run web:build)`),
    );
  }
  const app = createWebApp({ ...options, distDir });
  return new Promise((resolveStart, reject) => {
    const server = options.server ?? createHttpServer();
    server.on('request', app);
    server.listen(options.port, host);
    limitRequestTimes(server);
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${options.port} on ${host} is already in use; set PORT to another port`)
          : error,
      );
    });
    server.once('listening', () => {
      const port = (server.address() as AddressInfo).port;
      const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      resolveStart({
        server,
        port,
        url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
