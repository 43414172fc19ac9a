import { CONTENT_VERSION_HEADER } from '@app/contracts/api-paths';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { hasResolvedSession } from '../auth/session.guard';
import { expiresThisSecond } from '@app/node-server';
import { CDN_CACHE_CONTROL, NO_STORE, PUBLIC_CACHE_CONTROL } from './cache-control';
import { isPublicRoute } from '../common/public.decorator';
import { HEALTH_PATH } from '../health/health.controller';
import { siteOrigin } from '../public-pages/site-url';

/** The number every write to public content bumps (see ContentVersionSubscriber), read once per request. */
export type ContentVersionReader = (req: Request) => Promise<string>;

export function contentVersionReader(dataSource: DataSource): ContentVersionReader {
  const read = new WeakMap<Request, Promise<string>>();
  return (req) => {
    let version = read.get(req);
    if (!version) {
      version = dataSource
        .query('SELECT version FROM content_version WHERE id = 1')
        .then(([row]: { version?: unknown }[]) => String(row?.version ?? '0'));
      read.set(req, version);
    }
    return version;
  };
}

/**
 * The content version read for this request before its route ran (undefined when the database did not answer):
 * what its ETag and `X-Content-Version` name, for a route that puts it in its body too (the page model).
 */
export function contentVersionOf(res: Response): string | undefined {
  return res.locals.contentVersion as string | undefined;
}

/**
 * How long a shared cache may keep a public answer by time: nginx until the end of the second (`X-Accel-Expires`,
 * which it reads before Cache-Control), a CDN as `CDN_CACHE_CONTROL` says. An answer its route marks `no-cache`
 * (the page model) is kept by no one by time: every use revalidates it by its version's ETag.
 */
function setSharedLifetime(res: Response, cacheControl: string): void {
  if (/\bno-cache\b/i.test(cacheControl)) return;
  if (cacheControl === PUBLIC_CACHE_CONTROL) res.setHeader('CDN-Cache-Control', CDN_CACHE_CONTROL);
  res.setHeader('X-Accel-Expires', expiresThisSecond());
}

export interface HttpCaching {
  /** First of all: decides the caching headers of every answer as its headers go out. */
  headers: RequestHandler;
  /** Before express-session: a cookieless GET whose validator still matches gets its 304 at once. */
  withoutCookies: RequestHandler;
  /** After express-session and passport: the same for requests with cookies but no session. */
  afterSession: RequestHandler;
}

/** Runs `decide` just before the headers go out (what the on-headers package does). */
function beforeHeaders(res: Response, decide: (this: Response) => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (typeof args[0] === 'number') this.statusCode = args[0];
    decide.call(this);
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
}

const isRead = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

/**
 * Caching headers by a rule, not by a list of paths:
 * - a GET of a route marked `@Public()`, to a request without a session, answered 200 (or 304), is
 *   public: `PUBLIC_CACHE_CONTROL` unless the route chose its own (`private` when its links follow
 *   the Host, a week for the immutable demo thumbnails, `no-cache` for the page model, which no shared
 *   cache keeps by time, `no-store` for the health check), a weak
 *   ETag from the content version, the URL (with the origin when links follow the Host) and the
 *   encoding sent, and `Vary: Accept-Encoding`;
 * - everything else (admin routes, non-public routes, a session's answers even on public routes,
 *   writes, errors) is `no-store`, whatever the route set.
 * A request whose If-None-Match still matches gets its 304 before the answer is built.
 */
export function httpCaching(
  readVersion: ContentVersionReader,
  publicUrl: string | undefined,
  maxEntries = 10_000,
): HttpCaching {
  /**
   * The Cache-Control last sent for each validated URL (only those get an early 304), and whether
   * the answer followed the request's Host (`private`): then its ETag names the origin too.
   */
  const validated = new LRUCache<string, { cacheControl: string; byOrigin: boolean }>({ max: maxEntries });
  const etagKey = (req: Request, byOrigin: boolean) =>
    byOrigin && !publicUrl ? `${siteOrigin(req)} ${req.originalUrl}` : req.originalUrl;
  const etagOf = (version: string, key: string, encoding: string | undefined) => {
    const hash = createHash('sha1').update(key).digest('base64url').slice(0, 12);
    return `W/"v${version}-${hash}${encoding && encoding !== 'identity' ? `-${encoding}` : ''}"`;
  };

  const headers: RequestHandler = (req, res, next) => {
    beforeHeaders(res, function (this: Response) {
      if (res.locals.notModified) return;
      const status = this.statusCode;
      const shareable =
        isRead(req) && isPublicRoute(req) && !hasResolvedSession(req) && (status === 200 || status === 304);
      if (!shareable) {
        this.setHeader('Cache-Control', NO_STORE);
        return;
      }
      const chosen = String(this.getHeader('cache-control') ?? '');
      if (/\bno-store\b/i.test(chosen)) return;
      const cacheControl = chosen || PUBLIC_CACHE_CONTROL;
      this.setHeader('Cache-Control', cacheControl);
      setSharedLifetime(this, cacheControl);
      const version = contentVersionOf(res);
      if (version === undefined) return;
      this.setHeader(CONTENT_VERSION_HEADER, version);
      const byOrigin = /\bprivate\b/i.test(cacheControl);
      const encoding = this.getHeader('content-encoding');
      this.setHeader(
        'ETag',
        etagOf(version, etagKey(req, byOrigin), encoding === undefined ? undefined : String(encoding)),
      );
      const vary = String(this.getHeader('vary') ?? '');
      if (!/\baccept-encoding\b/i.test(vary))
        this.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      validated.set(req.originalUrl, { cacheControl, byOrigin });
    });
    if (!isRead(req) || req.path === HEALTH_PATH) return next();
    // Read now, so the ETag stands for the content the answer was built from (a write during the
    // build makes it older, never newer).
    readVersion(req).then(
      (version) => {
        res.locals.contentVersion = version;
        next();
      },
      () => next(), // The route answers (and reports the database problem), without a validator.
    );
  };

  const notModified = (req: Request, res: Response, next: NextFunction) => {
    const asked = req.headers['if-none-match'];
    const known = validated.get(req.originalUrl);
    const version = contentVersionOf(res);
    if (!asked || known === undefined || version === undefined) return next();
    const key = etagKey(req, known.byOrigin);
    const tags = asked.split(',').map((tag) => tag.trim());
    const match = ['identity', 'gzip', 'br']
      .map((encoding) => etagOf(version, key, encoding))
      .find((etag) => tags.includes(etag) || tags.includes(etag.slice(2)));
    if (!match) return next();
    res.locals.notModified = true;
    res.setHeader('Cache-Control', known.cacheControl);
    setSharedLifetime(res, known.cacheControl);
    res.setHeader('ETag', match);
    res.setHeader('Vary', 'Accept-Encoding');
    res.status(304).end();
  };

  return {
    headers,
    withoutCookies: (req, res, next) =>
      isRead(req) && req.headers.cookie === undefined ? notModified(req, res, next) : next(),
    afterSession: (req, res, next) =>
      isRead(req) && req.headers.cookie !== undefined && !hasResolvedSession(req)
        ? notModified(req, res, next)
        : next(),
  };
}
