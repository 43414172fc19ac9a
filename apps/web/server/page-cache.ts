/**
 * The pages this server has assembled, kept 1 s per origin (per path for the pages rendered on the server):
 * concurrent page views share one assembly, and its gzip and brotli forms are made once, not per view. A page the
 * API marks no-store (or any under `npm run dev`) is not kept; a write through this server drops them all
 * (write-invalidation.ts).
 */
import type { RenderedPage } from './assemble-page';

/** How long a rendered page is kept (until the API's answers it holds may have changed). */
export const PAGE_CACHE_MS = 1000;

export interface PageCache {
  /** The page kept under `key`, or the one `make` starts (kept while it is and while it may be). */
  page(key: string, make: () => Promise<RenderedPage>): Promise<RenderedPage>;
  clear(): void;
}

export function createPageCache(): PageCache {
  const pages = new Map<string, { expires: number; page: Promise<RenderedPage> }>();
  return {
    page(key, make) {
      const now = Date.now();
      let cached = pages.get(key);
      if (!cached || cached.expires <= now) {
        if (pages.size > 1000) pages.clear();
        cached = { expires: now + PAGE_CACHE_MS, page: make() };
        pages.set(key, cached);
        const entry = cached;
        entry.page.then(
          (page) => !page.keep && pages.get(key) === entry && pages.delete(key),
          () => pages.get(key) === entry && pages.delete(key),
        );
      }
      return cached.page;
    },
    clear: () => pages.clear(),
  };
}
