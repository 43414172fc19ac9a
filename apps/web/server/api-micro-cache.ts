/**
 * The compose nginx's micro-cache, in Node (apps/web/nginx.conf, docs/deployment.md): anonymous GETs
 * and HEADs of the API are answered from memory for as long as the API's `X-Accel-Expires` says (`keptUntil`, the
 * header nginx obeys; an answer without it is not kept), keyed on origin (unless
 * PUBLIC_URL is set), path, query and encoding class; one request fills an entry while the others wait for it; a request
 * with the session cookie, and an answer the API marks no-store, never go through it.
 */
import { isApiPath } from '@app/contracts/api-paths';
import { keptUntil, SESSION_COOKIE } from '@app/node-server';
import type { NextFunction, Request, Response } from 'express';
import { type Agent, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { type Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { forwardedFor, protocolOf, requestOrigin, siteHost } from './proxy-trust';

/** A `Cookie` header carrying the session cookie (`SESSION_COOKIE`, however spaced). */
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}\\s*=`);
/** Whether a request's `Cookie` header carries the session cookie (whether or not it still names a session). */
export const hasSessionCookie = (cookie: string | undefined) => SESSION_COOKIE_PATTERN.test(cookie ?? '');
/** How long an answer others wait for may take before they ask the API themselves. */
const API_TIMEOUT_MS = 10_000;
/** Headers of the API's answer not passed on from the micro-cache (hop-by-hop, or recomputed). */
const UNKEPT_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

interface ApiAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** 200, no cookie set, not no-store, a lifetime named: the time (ms) until which every anonymous visitor gets it. */
  keepUntil: number | undefined;
}

export interface ApiMicroCache {
  middleware(req: Request, res: Response, next: NextFunction): void;
  /** Drops every kept answer (a write went through this server). */
  clear(): void;
}

export function createApiMicroCache(
  apiUrl: string,
  agent: Agent | HttpsAgent,
  sameForEveryHost: boolean,
): ApiMicroCache {
  /** Until its answer comes, an entry lasts as long as the wait (others join it); then as long as the answer says. */
  const entries = new Map<string, { expires: number; answer: Promise<ApiAnswer> }>();
  const ask = (req: Request, gzip: boolean): Promise<ApiAnswer> =>
    new Promise((resolveAnswer, reject) => {
      const url = new URL(req.originalUrl, apiUrl);
      const headers: Record<string, string> = {
        Host: siteHost(req),
        'X-Forwarded-Host': siteHost(req),
        'X-Forwarded-Proto': protocolOf(req),
        'X-Forwarded-For': forwardedFor(req),
        'Accept-Encoding': gzip ? 'gzip' : 'identity',
        Accept: req.headers.accept ?? '*/*',
      };
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const upstream = send(url, { method: 'GET', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolveAnswer({
            status: res.statusCode ?? 502,
            headers: res.headers,
            body: Buffer.concat(chunks),
            keepUntil:
              res.statusCode === 200 &&
              res.headers['set-cookie'] === undefined &&
              !/\bno-store\b/i.test(res.headers['cache-control'] ?? '')
                ? keptUntil(res.headers['x-accel-expires'])
                : undefined,
          }),
        );
        res.on('error', reject);
      });
      upstream.setTimeout(API_TIMEOUT_MS, () => upstream.destroy(new Error('API timeout')));
      upstream.on('error', reject);
      upstream.end();
    });

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !isApiPath(req.path) ||
      hasSessionCookie(req.headers.cookie)
    )
      return next();
    const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
    // With PUBLIC_URL the API's answers name it whatever the host (the API keys its own cache the same way).
    const origin = sameForEveryHost ? '' : requestOrigin(req);
    const key = `${origin}${req.originalUrl}${gzip ? ' gzip' : ''}`;
    const now = Date.now();
    let entry = entries.get(key);
    let status = 'HIT';
    if (!entry || entry.expires <= now) {
      if (entries.size > 10_000) entries.clear();
      const fresh = { expires: Infinity, answer: ask(req, gzip) };
      entries.set(key, fresh);
      fresh.answer.then(
        (answer) => {
          if (entries.get(key) !== fresh) return;
          if (answer.keepUntil === undefined) entries.delete(key);
          else fresh.expires = answer.keepUntil;
        },
        () => entries.get(key) === fresh && entries.delete(key),
      );
      entry = fresh;
      status = 'MISS';
    }
    const mine = status === 'MISS';
    entry.answer.then(
      (answer) => {
        // An answer that may not be kept is only the asker's: the others who waited ask themselves.
        const keep = answer.keepUntil !== undefined;
        if (!keep && !mine) return next();
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !UNKEPT_HEADERS.has(name)) res.setHeader(name, value);
        res.setHeader('X-Cache-Status', keep ? status : 'BYPASS');
        const etag = answer.headers.etag;
        const asked = req.headers['if-none-match'];
        if (answer.status === 200 && etag && asked?.split(',').some((tag) => tag.trim() === etag)) {
          res.status(304).end();
          return;
        }
        res.setHeader('Content-Length', answer.body.length);
        res.status(answer.status).end(req.method === 'HEAD' ? undefined : answer.body);
      },
      () => next(),
    );
  };
  return { middleware, clear: () => entries.clear() };
}
