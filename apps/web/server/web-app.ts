/**
 * The web app's server: the built SPA, its pages with their head and (for `/` and the watch pages) their content
 * rendered here, and a reverse proxy to the API. The one way a page reaches a visitor: `npm start`, the Docker
 * image (nginx in front only proxies and caches) and `npm run dev` (with Vite's middleware in place of the
 * build, `dev-server.ts`) all run this code. Bundled into `dist/apps/web-server/main.cjs` (`main.ts`).
 *
 * `createWebApp` composes one module per job, in the order a request meets them (docs/architecture.md, "Request
 * path"): proxy-trust.ts, headers.ts, host-check.ts, write-invalidation.ts, api-micro-cache.ts, api-proxy.ts,
 * page-data.ts, report-pages.ts, serve-page.ts (page-cache.ts, page-response.ts), static-files.ts,
 * not-found.ts.
 */
import compression from 'compression';
import express, { type Express } from 'express';
import { existsSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { guardRequestBody, limitRequestTimes } from '@app/node-server';
import { createApiMicroCache } from './api-micro-cache';
import { apiAgent, apiProxy } from './api-proxy';
import { securityHeaders, strictTransportSecurity } from './headers';
import { publicHostOf, refuseBadOrigin } from './host-check';
import { errorAnswer, missingFilePage, plainNotFound, spaFallback } from './not-found';
import { createPageData } from './page-data';
import { trustFront } from './proxy-trust';
import { reportPages } from './report-pages';
import { createPageRoute } from './serve-page';
import { entryLoader, type SsrEntrySource } from './ssr-entry';
import { staticFiles } from './static-files';
import { clearOnWrite } from './write-invalidation';

export { CACHE_IMMUTABLE, CACHE_NONE, CACHE_SHORT } from './headers';

export interface WebAppOptions {
  /** Directory with the built SPA (index.html + assets/). */
  distDir: string;
  /** Base URL of the API, e.g. http://127.0.0.1:3000 */
  apiUrl: string;
  /**
   * The server-rendering entry (`dist/apps/web-server/entry-server.mjs`, see serve-page.ts); false sends every
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

/** Builds the express app from its parts, in the order a request meets them. */
export function createWebApp(options: WebAppOptions): Express {
  const distDir = resolve(options.distDir);
  const { dev } = options;
  const publicHost = publicHostOf(options.publicUrl);
  const agent = apiAgent(options.apiUrl);
  const apiAnswers = createApiMicroCache(options.apiUrl, agent, publicHost.sameForEveryHost);
  const pageData = createPageData();
  const entry = entryLoader(options.ssrEntry);
  const pageRoute = createPageRoute({
    apiUrl: options.apiUrl,
    agent,
    distDir,
    dev,
    entry,
    publicHost,
    pageData,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  if (options.trustProxy) app.use(trustFront);
  app.use(guardRequestBody);
  app.use(compression());
  app.use(strictTransportSecurity);
  app.use(securityHeaders);
  app.use(refuseBadOrigin);
  app.use(clearOnWrite(apiAnswers));
  app.use(apiAnswers.middleware);
  app.use(apiProxy(options.apiUrl, agent));
  app.get(pageData.path, pageData.handler);
  app.use(reportPages({ url: options.apiUrl, agent }, entry));
  app.get('/index.html', pageRoute.sendPage);
  app.use(staticFiles(distDir, dev, pageRoute.builtIndex));
  app.use(spaFallback(pageRoute.sendPage));
  app.use(missingFilePage(pageRoute.sendPage));
  app.use(plainNotFound);
  app.use(errorAnswer);
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
