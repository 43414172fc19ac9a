/**
 * The host a request names. A Host no URL can hold, or a forwarded protocol other than http(s), is refused with a
 * 400 as the API refuses it (apps/api/src/common/valid-host.middleware.ts): it must not reach the page head's links.
 * With PUBLIC_URL the pages are the same for every host, and a page asked for under another host is sent there.
 */
import { isValidHost } from '@app/contracts/site-host';
import type { NextFunction, Request, Response } from 'express';
import { CACHE_NONE, CACHE_SHORT } from './headers';
import { hasBadForwardedProtocol, protocolOf } from './proxy-trust';

/** Why a request's host or protocol cannot go into a link (the API answers it 400 too), or null. */
function badOrigin(req: Request): string | null {
  if (req.headers.host !== undefined && !isValidHost(req.headers.host)) return 'invalid Host header';
  if (hasBadForwardedProtocol(req)) return 'invalid X-Forwarded-Proto header';
  return null;
}

/** Answers a request whose host or protocol cannot go into a link with a 400 naming the header. */
export function refuseBadOrigin(req: Request, res: Response, next: NextFunction): void {
  const bad = badOrigin(req);
  if (bad === null) return next();
  res.status(400).type('text/plain').setHeader('Cache-Control', CACHE_NONE).send(`Bad request: ${bad}`);
}

export interface PublicHost {
  /** Whether every host gets the same pages and API answers (PUBLIC_URL is set). */
  sameForEveryHost: boolean;
  /**
   * Sends a page asked for under a host other than PUBLIC_URL's (an alias, the server's address, a random Host
   * meant to miss the cache) to the site's own address, which costs no rendering, and says whether it did. The
   * path is appended as it is, never resolved against it (`//evil.example` stays a path on PUBLIC_URL's host).
   */
  redirected(req: Request, res: Response): boolean;
}

/** The one host the pages are served under when PUBLIC_URL is set (its port included, the default one omitted). */
export function publicHostOf(publicUrl: string | undefined): PublicHost {
  const publicHost = publicUrl === undefined ? undefined : new URL(publicUrl);
  return {
    sameForEveryHost: publicHost !== undefined,
    redirected(req, res) {
      if (
        publicHost === undefined ||
        (req.headers.host !== undefined &&
          new URL(`${protocolOf(req)}://${req.headers.host}`).host === publicHost.host)
      )
        return false;
      res.setHeader('Cache-Control', CACHE_SHORT);
      res.redirect(308, `${publicHost.origin}${req.originalUrl}`);
      return true;
    },
  };
}
