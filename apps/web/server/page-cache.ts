/**
 * The one cache of pages this server keeps (docs/architecture.md, "Caches between a save and the page"): each page
 * as last made, with the ETag of the page model it was made from (`GET /api/page`, whose ETag is the content
 * version). Every view revalidates it with one conditional ask of the API (a 304 keeps the page, a 200 makes it
 * anew), so a save shows on the very next view and nothing expires by time. Concurrent views of one key share one
 * ask; a page that may not be kept (under `npm run dev`, or the defaults sent while the API is down) is not.
 * The page's compressed forms live in its entry (page-response.ts), so they go with it.
 */
import { LRUCache } from 'lru-cache';
import type { RenderedPage } from './page-response';

/** Pages kept, by size (with room for their brotli and gzip forms): `/` is about 60 KB, a watch page 20 KB. */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

/** A page and the validator of the page model it was made from. */
export interface KeptPage {
  page: RenderedPage;
  /** The page model's ETag; undefined: not kept (the next view asks again). */
  modelEtag?: string;
}

export interface PageCache {
  /**
   * The page under `key`: `make` is handed the page kept there (to revalidate it) and gives the one to send, the
   * same when nothing changed. Views of `key` while it runs share it.
   */
  page(key: string, make: (kept: KeptPage | undefined) => Promise<KeptPage>): Promise<RenderedPage>;
}

export function createPageCache(): PageCache {
  const kept = new LRUCache<string, KeptPage>({
    maxSize: PAGE_CACHE_BYTES,
    sizeCalculation: ({ page }) => Math.max(1, page.html.length * 2),
  });
  const asking = new Map<string, Promise<RenderedPage>>();
  return {
    page(key, make) {
      let page = asking.get(key);
      if (!page) {
        const held = kept.get(key);
        page = make(held)
          .then((made) => {
            if (made !== held) {
              if (made.modelEtag !== undefined) kept.set(key, made);
              else kept.delete(key);
            }
            return made.page;
          })
          .finally(() => asking.delete(key));
        asking.set(key, page);
      }
      return page;
    },
  };
}
