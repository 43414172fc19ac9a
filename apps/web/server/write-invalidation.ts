/**
 * What this server keeps (the API micro-cache, the page cache) is dropped once a write through it is answered: a
 * save in the dashboard shows on the next view at once here (nginx, in front of several processes, keeps its copies
 * until the end of the second instead).
 */
import { apiPaths, isApiPath } from '@app/contracts/api-paths';
import type { NextFunction, Request, Response } from 'express';

/**
 * Visitors' own writes, which change nothing the public answers hold (analytics beacons, newsletter sign-ups): they
 * leave the kept answers and pages alone (every page view sends a beacon).
 */
const VISITOR_WRITES = new Set<string>([apiPaths.events, apiPaths.newsletterSubscribe]);

/** Clears `caches` when a write to the API (other than a visitor's own) has been answered. */
export function clearOnWrite(caches: { clear(): void }[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (
      !['GET', 'HEAD', 'OPTIONS'].includes(req.method) &&
      isApiPath(req.path) &&
      !VISITOR_WRITES.has(req.path)
    ) {
      res.on('finish', () => {
        for (const cache of caches) cache.clear();
      });
    }
    next();
  };
}
