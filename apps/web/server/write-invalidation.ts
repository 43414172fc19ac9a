/**
 * The API micro-cache (the browser's own anonymous API calls, api-micro-cache.ts) is dropped once a write through
 * this server is answered: the owner's save shows in those answers at once here (nginx, in front of several
 * processes, keeps its copies until the end of the second instead). Pages need no clearing: each view revalidates
 * its page model by the content version (page-cache.ts).
 */
import { apiPaths, isApiPath } from '@app/contracts/api-paths';
import type { NextFunction, Request, Response } from 'express';

/**
 * Visitors' own writes, which change nothing the public answers hold (analytics beacons, newsletter sign-ups): they
 * leave the kept answers and pages alone (every page view sends a beacon).
 */
const VISITOR_WRITES = new Set<string>([apiPaths.events, apiPaths.newsletterSubscribe]);

/** Clears `cache` when a write to the API (other than a visitor's own) has been answered. */
export function clearOnWrite(cache: { clear(): void }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (
      !['GET', 'HEAD', 'OPTIONS'].includes(req.method) &&
      isApiPath(req.path) &&
      !VISITOR_WRITES.has(req.path)
    ) {
      res.on('finish', () => cache.clear());
    }
    next();
  };
}
