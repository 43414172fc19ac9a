/**
 * Server rendering for the web server (issue 15, docs/architecture.md): `/` and `/videos/{id}` are rendered by the
 * web app's own entry (`apps/web/src/entry-server.tsx`, built to `dist/apps/web-ssr/entry-server.mjs`), which asks
 * the API for its data over HTTP. A rendering is kept per path and content version (the number every write to
 * public content or settings bumps, read from the ETag of `GET /api/settings`), so a page is rendered once per
 * change; with the API down the last rendering of that path is sent, and without one the caller sends the shell.
 */
import { isServerRenderedPath } from '@app/contracts/watch';
import { LRUCache } from 'lru-cache';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './lib/paths';

export const DEFAULT_SSR_ENTRY = join(repoRoot, 'dist/apps/web-ssr/entry-server.mjs');
/** Around the prerendered shell in the built index.html (apps/web/vite.config.ts). */
export const SSR_OUTLET = /<!--ssr-outlet-->[\s\S]*<!--\/ssr-outlet-->/;
/** How long a rendering waits for the API before the page goes out as the shell (or its last rendering). */
export const RENDER_TIMEOUT_MS = 3000;
/** Renderings kept, by their size: a page of `/` is about 60 KB, a watch page about 20 KB. */
const CACHE_BYTES = 64 * 1024 * 1024;

export interface RenderedBody {
  status: 200 | 404;
  html: string;
  state: string;
}

interface SsrEntry {
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

/** The content version in an ETag the API gives its public answers (`W/"v42-…"`). */
export function versionOfEtag(etag: string | null): string | undefined {
  return /^(?:W\/)?"v(\d+)-/.exec(etag ?? '')?.[1];
}

/** Puts a rendering into the shell: the page into `#root` in place of the prerendered one, its data before `</body>`. */
export function fillShell(shell: string, body: RenderedBody): string {
  return shell.replace(SSR_OUTLET, () => body.html).replace('</body>', () => `${body.state}</body>`);
}

/**
 * A renderer over the built entry, or undefined when it is not built (the pages then go out as the shell, as
 * before server rendering).
 */
export function createPageRenderer(apiUrl: string, entryFile = DEFAULT_SSR_ENTRY): PageRenderer | undefined {
  if (!existsSync(entryFile)) return undefined;
  // The build's ES module; a CommonJS entry (`.cjs`) is required as it is.
  const entry = (
    entryFile.endsWith('.cjs')
      ? Promise.resolve().then(() => createRequire(entryFile)(entryFile) as SsrEntry)
      : (import(pathToFileURL(entryFile).href) as Promise<SsrEntry>)
  ) as Promise<SsrEntry>;
  // Node's fetch keeps its connections to the API alive by itself.
  const currentVersion = async (): Promise<string> => {
    const res = await fetch(new URL('/api/settings', apiUrl), {
      method: 'HEAD',
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    const version = res.ok ? versionOfEtag(res.headers.get('etag')) : undefined;
    if (version === undefined) throw new Error(`no content version from the API (${res.status})`);
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
