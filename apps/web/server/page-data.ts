/**
 * Each rendering's data (src/ssr-state.ts), by its id (a hash of its content), while it is among the latest: a
 * rendered page names it (`data-src="/page-data/{id}"`) and its app fetches it from here.
 */
import { PAGE_DATA_PATH } from '@app/contracts/page-data';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { CACHE_IMMUTABLE, CACHE_NONE } from './headers';

/** The rendered pages' data kept for their apps, by size: `/` about 20 KB, a watch page about 12 KB. */
const PAGE_DATA_BYTES = 32 * 1024 * 1024;

export interface PageData {
  /** The route it is handed out at. */
  path: string;
  keep(data: { id: string; json: string }): void;
  handler(req: Request, res: Response): void;
}

export function createPageData(): PageData {
  const kept = new LRUCache<string, string>({
    maxSize: PAGE_DATA_BYTES,
    sizeCalculation: (json) => Math.max(1, json.length),
  });
  return {
    path: `${PAGE_DATA_PATH}:id`,
    keep: (data) => kept.set(data.id, data.json),
    handler(req, res) {
      const json = kept.get(req.params.id as string);
      res.type('json');
      if (json === undefined) {
        res.status(404).setHeader('Cache-Control', CACHE_NONE);
        res.send({ statusCode: 404, message: 'This page data is no longer kept', error: 'Not Found' });
        return;
      }
      // Its address names its content: a browser may keep it as long as it likes.
      res.setHeader('Cache-Control', CACHE_IMMUTABLE);
      res.send(json);
    },
  };
}
