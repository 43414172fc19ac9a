/**
 * Server rendering for the web server (docs/architecture.md, "Server rendering of the public pages"): `/` and
 * `/videos/{id}` are rendered by the web app's own entry (`apps/web/src/entry-server.tsx`, built to
 * `dist/apps/web-server/entry-server.mjs`, an ES module), which asks the API for its data over HTTP. A rendering is
 * kept per path and content version (the number every write to public content or settings bumps, which the API
 * names in the `X-Content-Version` header of its public answers), so a page is rendered once per change; with the
 * API down the last rendering of that path is sent, and without one the caller sends the shell. Under
 * `npm run dev` the entry comes through Vite and nothing is kept, so an edited component shows on the next load.
 */
import { apiPaths, CONTENT_VERSION_HEADER } from '@app/contracts/api-paths';
import { isServerRenderedPath } from '@app/contracts/watch';
import { LRUCache } from 'lru-cache';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { RenderedBody } from './page-shell';

export type { RenderedBody } from './page-shell';
/** How long a rendering waits for the API before the page goes out as the shell (or its last rendering). */
export const RENDER_TIMEOUT_MS = 3000;
/** Renderings kept, by their size: a page of `/` is about 60 KB, a watch page about 20 KB. */
const CACHE_BYTES = 64 * 1024 * 1024;

export interface SsrEntry {
  render(pathname: string, apiBase: string): Promise<RenderedBody | null>;
}

/** The pages rendered on the server: `/` and the watch pages (one rule, in contracts, which the entry follows too). */
export const isRenderedPath = isServerRenderedPath;

export interface PageRenderer {
  /** Whether `pathname` is a page rendered on the server. */
  renders(pathname: string): boolean;
  /**
   * The rendering of `pathname` for the current content version (made once per version, concurrent asks share
   * it), the last one made when the API does not answer, or undefined when there is none.
   */
  body(pathname: string): Promise<RenderedBody | undefined>;
}

/**
 * The entry to load: the built ES module's file, or (npm run dev) a function that loads it afresh through Vite,
 * whose renderings are never kept.
 */
export type SsrEntrySource = string | (() => Promise<SsrEntry>);

/** A renderer over the entry, or undefined when it is not built (the pages then go out as the shell). */
export function createPageRenderer(apiUrl: string, source: SsrEntrySource): PageRenderer | undefined {
  if (typeof source === 'string' && !existsSync(source)) return undefined;
  if (typeof source === 'function') return freshRenderer(apiUrl, source);
  const entry = import(pathToFileURL(source).href) as Promise<SsrEntry>;
  // Node's fetch keeps its connections to the API alive by itself.
  const currentVersion = async (): Promise<string> => {
    const res = await fetch(new URL(apiPaths.settings, apiUrl), {
      method: 'HEAD',
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    const version = res.ok ? res.headers.get(CONTENT_VERSION_HEADER) : null;
    if (version === null || !/^\d+$/.test(version))
      throw new Error(`no content version from the API (${res.status})`);
    return version;
  };
  /** The last rendering of each page, with the version it was made for. */
  const latest = new LRUCache<string, { version: string; body: RenderedBody }>({
    maxSize: CACHE_BYTES,
    sizeCalculation: ({ body }) => Math.max(1, body.html.length + body.state.length),
  });
  /** Renderings under way, by page and version: concurrent views of a changed page share one. */
  const inflight = new Map<string, Promise<RenderedBody | null>>();
  const renderOnce = (render: SsrEntry['render'], pathname: string, version: string) => {
    const key = `${version} ${pathname}`;
    let rendering = inflight.get(key);
    if (!rendering) {
      let timer: NodeJS.Timeout | undefined;
      rendering = Promise.race([
        render(pathname, apiUrl),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('rendering timed out')), RENDER_TIMEOUT_MS);
        }),
      ]).finally(() => {
        clearTimeout(timer);
        inflight.delete(key);
      });
      rendering.then(
        (body) => {
          // A slow rendering of an older version never replaces a newer one.
          const kept = latest.get(pathname);
          if (body && (!kept || Number(kept.version) <= Number(version)))
            latest.set(pathname, { version, body });
        },
        () => undefined,
      );
      inflight.set(key, rendering);
    }
    return rendering;
  };
  entry.catch((error: Error) => console.error(`Server rendering is off: ${error.message}`));

  return {
    renders: isRenderedPath,
    async body(pathname) {
      const render = await entry.then(
        (module) => module.render,
        () => undefined,
      );
      if (!render) return undefined;
      try {
        const version = await currentVersion();
        const last = latest.get(pathname);
        if (last?.version === version) return last.body;
        return (await renderOnce(render, pathname, version)) ?? undefined;
      } catch {
        // The API is down or slow: the last rendering of this page, if any.
        return latest.get(pathname)?.body;
      }
    },
  };
}

/** `npm run dev`: each page rendered afresh by the entry as Vite has it now (an edited component shows at once). */
function freshRenderer(apiUrl: string, load: () => Promise<SsrEntry>): PageRenderer {
  return {
    renders: isRenderedPath,
    async body(pathname) {
      const { render } = await load();
      return (await render(pathname, apiUrl)) ?? undefined;
    },
  };
}
