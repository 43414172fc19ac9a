/**
 * The page module (docs/architecture.md, "The page model"): every page is the shell with the site's head put in
 * and, for `/` and the watch pages, their content rendered here by the app's entry, all from one answer of the API:
 * the page model (`GET /api/page?path=`), assembled here (head, chunk stylesheets, language, critical CSS). Each view asks it once, conditionally with the ETag of the model the kept page was made
 * from (page-cache.ts): a 304 sends the kept page, a 200 makes it anew. The one path a page takes to a visitor, in
 * `npm start`, Docker and `npm run dev`.
 */
import { ADMIN_PATH, isSearchPath, isServerRenderedPath, videoIdFromWatchPath } from '@app/contracts/watch';
import { type SearchPageParams, searchPageParams } from '@app/contracts/search-page';
import { SEARCH_PATH } from '@app/contracts/page-head';
import type { PageModel } from '@app/contracts/page-model';
import type { NextFunction, Request, Response } from 'express';
import type { Agent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAdminLoginPage } from './admin-login-page';
import { createAutoColorScheme } from './auto-color-scheme';
import { createCriticalCss } from './critical-css';
import type { PublicHost } from './host-check';
import { createPageCache, type KeptPage } from './page-cache';
import type { PageData } from './page-data';
import {
  APP_CHUNK_SOURCE,
  chunkHeadTags,
  SEARCH_CHUNK_SOURCE,
  WATCH_CHUNK_SOURCE,
  withHeadTags,
} from './page-assets';
import { type RenderedPage, sendRenderedPage } from './page-response';
import { fillHead, fillShell, type RenderedBody, withSiteLanguage } from './page-shell';
import { askPageModel } from './page-model-client';
import { requestOrigin } from './proxy-trust';
import type { EntryLoader } from './ssr-entry';
import type { DevAssets } from './web-app';

/**
 * Every page the server does not render (the dashboard, any unknown path) is the same page but for its status
 * (page-response.ts): one model, asked as the dashboard's, and one kept page, so a stranger's random paths cost
 * no API work.
 */
const SHELL_MODEL_PATH = ADMIN_PATH;

export interface PageRoute {
  /** The built index.html (undefined under `npm run dev`, or when it is missing). */
  builtIndex: string | undefined;
  /** Answers a page request; calls `next` when there is no shell to send. */
  sendPage(req: Request, res: Response, next: NextFunction): void;
}

interface PageParts {
  /** The shell the page is made from. */
  shell: string;
  /** The API's page model of its path; undefined when the API did not answer (the shell's defaults stay). */
  model?: PageModel;
  /** The server's rendering of its content, for `/` and the watch pages. */
  body?: RenderedBody;
  /** Whether it is a watch page (it carries the watch chunk's stylesheets). */
  watch: boolean;
  /** Whether it is the search page (it carries the search chunk's stylesheets). */
  search?: boolean;
}

/**
 * Page assembly: the model's head between the shell's page-head marks, a watch page's chunk stylesheets, the site's
 * language on a page the browser renders, and on a rendered page its content with only the CSS rules its markup
 * uses. `dev`: under `npm run dev` the build's manifest is not there, and nothing is kept.
 */
function createPageAssembler(distDir: string, dev: boolean): (parts: PageParts) => Promise<RenderedPage> {
  // A watch page carries its chunk's stylesheets in its head (page-assets.ts); index.html has the app's.
  const watchHeadTags = dev ? '' : chunkHeadTags(distDir, WATCH_CHUNK_SOURCE, APP_CHUNK_SOURCE);
  const searchHeadTags = dev ? '' : chunkHeadTags(distDir, SEARCH_CHUNK_SOURCE, APP_CHUNK_SOURCE);
  // A rendered page carries only the rules its markup uses (critical-css.ts); the app enables the whole sheets.
  const criticalCss = createCriticalCss();
  // A page of a site in the `auto` colour scheme follows the visitor's from its first paint (auto-color-scheme.ts).
  const autoColorScheme = createAutoColorScheme();

  return async ({ shell: shellHtml, model, body, watch, search }) => {
    const chunkTags = watch ? watchHeadTags : search ? searchHeadTags : '';
    const head = withHeadTags(fillHead(shellHtml, model?.head), chunkTags);
    // A page the browser renders (the 404, the dashboard) is rendered in the site's language, which the page says
    // (`data-site-language`): a first visit has no settings of its own yet.
    const shell = body ? head : withSiteLanguage(head, model?.settings.siteLanguage);
    return {
      status: body?.status ?? (model?.kind === 'watch' ? model.status : 200),
      html: Buffer.from(body ? autoColorScheme(await criticalCss(fillShell(shell, body))) : shell),
      shell: shellHtml,
      sources: model?.policy,
      hostLinks: model ? !model.cache.shared : false,
      // A search page is the visitor's own query: no cache in front keeps it either.
      keep: !dev && model !== undefined && model.kind !== 'search',
    };
  };
}

export function createPageRoute(options: {
  apiUrl: string;
  /** The kept-alive connections to the API (api-proxy.ts). */
  agent: Agent | HttpsAgent;
  distDir: string;
  dev: DevAssets | undefined;
  /** The server-rendering entry (ssr-entry.ts); undefined: every page goes out as the shell. */
  entry: EntryLoader | undefined;
  publicHost: PublicHost;
  pageData: PageData;
}): PageRoute {
  const { dev, publicHost, pageData } = options;
  const api = { url: options.apiUrl, agent: options.agent };
  const indexFile = join(options.distDir, 'index.html');
  const builtIndex = dev || !existsSync(indexFile) ? undefined : readFileSync(indexFile, 'utf8');
  /** The page before its head and content: the built index.html, or (dev) Vite's form of it. */
  const shellFor = (req: Request): Promise<string> | undefined =>
    dev ? dev.shell(req.originalUrl) : builtIndex === undefined ? undefined : Promise.resolve(builtIndex);
  const assemble = createPageAssembler(options.distDir, dev !== undefined);
  const adminLogin = createAdminLoginPage(options.distDir, dev !== undefined);
  const { entry } = options;
  const pages = createPageCache();

  /**
   * The page of `path` from its model, or the kept one while the model still holds it (or the API is down). A search
   * page (`search`) is made for each view and never kept: its queries are the visitors' own, and would otherwise
   * fill the cache with pages seen once (one ask of the API each, as a kept page's revalidation costs).
   */
  const makePage = async (
    req: Request,
    shell: string,
    path: string,
    kept: KeptPage | undefined,
    search: SearchPageParams | undefined,
  ) => {
    const watch = videoIdFromWatchPath(path) !== null;
    let answer: Awaited<ReturnType<typeof askPageModel>>;
    try {
      answer = await askPageModel(api, req, path, dev ? undefined : kept?.modelEtag, undefined, search);
    } catch {
      // The API is down or slow: the last page of this path stands in; without one, the shell with its defaults.
      return kept ?? { page: await assemble({ shell, watch }) };
    }
    if (answer === null && kept) return kept;
    const { model, etag } = answer!;
    let body: RenderedBody | undefined;
    if (isServerRenderedPath(path) && entry) {
      try {
        body = (await (await entry())?.render(model)) ?? undefined;
      } catch (error) {
        console.error(`Rendering ${path} failed: ${(error as Error).message}`);
        return kept ?? { page: await assemble({ shell, model, watch }) };
      }
    }
    if (body?.data) pageData.keep(body.data);
    const page = await assemble({ shell, model, body, watch, search: search !== undefined });
    return { page, modelEtag: dev || search ? undefined : etag };
  };

  const sendPage = (req: Request, res: Response, next: NextFunction): void => {
    // The dashboard's path without a session: the login screen in the HTML (admin-login-page.ts).
    const loginShell = adminLogin.shellFor(req, res);
    const shell = loginShell === undefined ? shellFor(req) : Promise.resolve(loginShell);
    if (shell === undefined) return next();
    if (publicHost.redirected(req, res)) return;
    // One page per path rendered on the server, one for all the others and one for the login screen; per origin
    // while the head's links follow the request's host (no PUBLIC_URL).
    const origin = publicHost.sameForEveryHost ? '' : requestOrigin(req);
    const search = isSearchPath(req.path)
      ? searchPageParams(new URL(req.originalUrl, 'http://x').searchParams)
      : undefined;
    const path = search ? SEARCH_PATH : isServerRenderedPath(req.path) ? req.path : SHELL_MODEL_PATH;
    // A search page's key only joins concurrent views of the same query (it is not kept).
    const key = `${origin} ${search ? `${path} ${search.offset} ${search.q}` : path}${loginShell === undefined ? '' : ' admin-login'}`;
    pages
      .page(key, (kept) => shell.then((html) => makePage(req, html, path, kept, search)))
      .then((page) => sendRenderedPage(req, res, page))
      .catch((error: Error) => (res.headersSent ? res.destroy(error) : next(error)));
  };
  return { builtIndex, sendPage };
}
