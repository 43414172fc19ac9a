/**
 * The page route: every page is the shell with the site's head put in (and, for `/` and the watch pages, their
 * content rendered here), from the page cache when it holds it. The one path a page takes to a visitor, in
 * `npm start`, Docker and `npm run dev`.
 */
import { videoIdFromWatchPath } from '@app/contracts/watch';
import type { NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAdminLoginPage } from './admin-login-page';
import { createPageAssembler } from './assemble-page';
import type { PublicHost } from './host-check';
import { askApiForPage } from './page-api';
import type { PageCache } from './page-cache';
import type { PageData } from './page-data';
import type { PageRenderer } from './page-renderer';
import { PageEncodings, sendRenderedPage } from './page-response';
import { requestOrigin } from './proxy-trust';
import type { DevAssets } from './web-app';

export interface PageRoute {
  /** The built index.html (undefined under `npm run dev`, or when it is missing). */
  builtIndex: string | undefined;
  /** Answers a page request; calls `next` when there is no shell to send. */
  sendPage(req: Request, res: Response, next: NextFunction): void;
}

export function createPageRoute(options: {
  apiUrl: string;
  distDir: string;
  dev: DevAssets | undefined;
  renderer: PageRenderer | undefined;
  publicHost: PublicHost;
  pages: PageCache;
  pageData: PageData;
}): PageRoute {
  const { apiUrl, dev, renderer, publicHost, pages, pageData } = options;
  const indexFile = join(options.distDir, 'index.html');
  const builtIndex = dev || !existsSync(indexFile) ? undefined : readFileSync(indexFile, 'utf8');
  /** The page before its head and content: the built index.html, or (dev) Vite's form of it. */
  const shellFor = (req: Request): Promise<string> | undefined =>
    dev ? dev.shell(req.originalUrl) : builtIndex === undefined ? undefined : Promise.resolve(builtIndex);
  const assemble = createPageAssembler(options.distDir, dev !== undefined);
  const adminLogin = createAdminLoginPage(options.distDir, dev !== undefined);
  const encodings = new PageEncodings();

  const makePage = async (req: Request, shell: string) => {
    // `/` and the watch pages carry their content (their head names the video: GET /api/page-head?video=).
    const rendered = renderer?.renders(req.path) ? renderer.body(req.path) : undefined;
    const videoId = videoIdFromWatchPath(req.path);
    const [answers, body] = await Promise.all([
      askApiForPage(apiUrl, req, { videoId, withLanguage: rendered === undefined }),
      rendered,
    ]);
    if (body?.data) pageData.keep(body.data);
    return assemble({ shell, answers, body, watch: videoId !== null });
  };

  const sendPage = (req: Request, res: Response, next: NextFunction): void => {
    // The dashboard's path without a session: the login screen in the HTML (admin-login-page.ts).
    const loginShell = adminLogin.shellFor(req, res);
    const shell = loginShell === undefined ? shellFor(req) : Promise.resolve(loginShell);
    if (shell === undefined) return next();
    if (publicHost.redirected(req, res)) return;
    // One page for the shell, one for the login screen, one per path for the pages rendered on the server; per
    // origin while the head's links follow the request's host (no PUBLIC_URL).
    const origin = publicHost.sameForEveryHost ? '' : requestOrigin(req);
    const key = `${origin}${loginShell === undefined ? '' : ' admin-login'}${renderer?.renders(req.path) ? req.path : ''}`;
    pages
      .page(key, () => shell.then((html) => makePage(req, html)))
      .then((page) => sendRenderedPage(req, res, page, encodings))
      .catch((error: Error) => (res.headersSent ? res.destroy(error) : next(error)));
  };
  return { builtIndex, sendPage };
}
