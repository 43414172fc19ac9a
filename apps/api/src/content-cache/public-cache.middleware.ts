import { apiPaths } from '@app/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { gzip } from 'node:zlib';
import type { DataSource } from 'typeorm';
import { hasResolvedSession } from '../auth/session.guard';
import { markPublicRoute } from '../common/public.decorator';
import { type ContentVersionReader, contentVersionReader } from './http-caching.middleware';

/** The anonymous GET calls of the public page: the same answer for every visitor. */
export const CACHEABLE_PATHS = new Set<string>([
  apiPaths.videos,
  apiPaths.featuredVideo,
  apiPaths.playlists,
  apiPaths.channelStats,
  apiPaths.settings,
  // Asked by the web server for every page view (with PUBLIC_URL; without it the answer is private).
  apiPaths.pageModel,
  apiPaths.live,
  // As-you-type: the same few prefixes are asked again and again.
  apiPaths.search,
]);
const KEPT_HEADERS = ['content-type', 'x-total-count', 'etag', 'vary', 'cache-control'];

interface Entry {
  version: string;
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The body gzipped once (off the event loop) for the clients that accept it (every browser). */
  gzip?: Buffer;
}

/** Smaller answers are not worth compressing (a TCP packet either way). */
export const GZIP_MIN_BYTES = 1024;

export interface PublicCache {
  /** Before express-session: requests without any cookie, which cannot carry a session (and need not pay for looking). */
  withoutCookies: RequestHandler;
  /** After express-session and passport: requests with cookies for which no session was resolved. */
  afterSession: RequestHandler;
}

/**
 * Answers repeated anonymous GETs of public content from memory, as long as `content_version`
 * (bumped by every write, in any API process) has not moved. Costs one primary-key read per
 * request instead of building the answer again. "Anonymous" is decided by whether a session was
 * resolved, not by the cookie's text: a request with a session is neither answered from memory nor
 * stored. Nor is an answer its route marks `private` or `no-store` (e.g. one whose links follow the
 * request's Host): the key is the URL alone.
 */
export function publicCache(
  dataSource: DataSource,
  maxBytes = 64 * 1024 * 1024,
  currentVersion: ContentVersionReader = contentVersionReader(dataSource),
): PublicCache {
  const cache = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (e) => e.body.length + (e.gzip?.length ?? 0) + 256,
  });
  const answer = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    let version: string;
    try {
      version = await currentVersion(req);
    } catch {
      return next(); // Let the normal path answer (and report the database problem).
    }
    const key = req.originalUrl;
    const hit = cache.get(key);
    if (hit && hit.version === version) {
      // Stored only from the answers of @Public() routes.
      markPublicRoute(req);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.vary('Accept-Encoding');
      res.setHeader('X-Cache', 'hit');
      if (req.headers['if-none-match'] && req.headers['if-none-match'] === res.getHeader('etag')) {
        res.status(304).end();
        return;
      }
      if (hit.gzip && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
        res.setHeader('Content-Encoding', 'gzip');
        res.status(hit.status).end(hit.gzip);
        return;
      }
      res.status(hit.status).end(hit.body);
      return;
    }
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (
        res.statusCode === 200 &&
        (typeof body === 'string' || Buffer.isBuffer(body)) &&
        !hasResolvedSession(req) &&
        !/\b(?:private|no-store)\b/i.test(String(res.getHeader('cache-control') ?? ''))
      ) {
        const raw = Buffer.from(body);
        // The first answer already goes out gzipped to a client that accepts it: a shared cache in
        // front (nginx, a CDN) keeps whichever form it got, and revalidates it with 304s.
        const finish = (compressed?: Buffer) => {
          const zipped = compressed !== undefined && req.acceptsEncodings('gzip', 'identity') === 'gzip';
          if (zipped) res.setHeader('Content-Encoding', 'gzip');
          const result = send(zipped ? compressed : body);
          const headers = KEPT_HEADERS.flatMap((name) => {
            const value = res.getHeader(name);
            return value === undefined ? [] : [[name, String(value)] as [string, string]];
          });
          cache.set(key, { version, status: 200, headers, body: raw, gzip: compressed });
          return result;
        };
        if (raw.length < GZIP_MIN_BYTES) return finish();
        gzip(raw, (error, compressed) => finish(error ? undefined : compressed));
        return res;
      }
      return send(body);
    };
    res.vary('Accept-Encoding');
    res.setHeader('X-Cache', 'miss');
    next();
  };

  const cacheable = (req: Request) => req.method === 'GET' && CACHEABLE_PATHS.has(req.path);
  return {
    withoutCookies: (req, res, next) =>
      cacheable(req) && req.headers.cookie === undefined ? answer(req, res, next) : next(),
    afterSession: (req, res, next) =>
      cacheable(req) && req.headers.cookie !== undefined && !hasResolvedSession(req)
        ? answer(req, res, next)
        : next(),
  };
}
