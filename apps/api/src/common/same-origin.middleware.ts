import { ForbiddenException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * CSRF defence for state-changing calls (docs/security.md, 'Requests from other sites and from the network'):
 * - a body must be JSON (no HTML form can send that cross-site without CORS); on `plainTextPaths` (the
 *   analytics beacons, which sendBeacon may send as text/plain) text/plain too, the origin rule still applies;
 * - a browser's `Origin` must be this site's own origin (or PUBLIC_URL's). Browsers always send
 *   `Origin` (or at least `Sec-Fetch-Site`) on such calls; a request with neither is not from a browser,
 *   so it cannot be riding a visitor's cookie.
 * `signedLinkPaths` are left to their own check: a signed token in the URL is their only credential (no
 * cookie is read), and RFC 8058's one-click POST comes form-encoded from any mail provider.
 */
export function sameOriginJson(
  publicUrl?: string,
  plainTextPaths: readonly string[] = [],
  signedLinkPaths: readonly string[] = [],
) {
  const allowed = publicUrl ? new URL(publicUrl).origin : undefined;
  const plainText = new Set(plainTextPaths);
  const signedLinks = new Set(signedLinkPaths);
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method) || signedLinks.has(req.path)) return next();
    if (hasBody(req) && !req.is('application/json') && !(plainText.has(req.path) && req.is('text/plain'))) {
      return next(new UnsupportedMediaTypeException('Content-Type must be application/json'));
    }
    const origin = req.headers.origin;
    if (origin === undefined) {
      const site = req.headers['sec-fetch-site'];
      if (site === undefined || site === 'same-origin' || site === 'none') return next();
      return next(new ForbiddenException('Cross-site request refused'));
    }
    const own = `${req.protocol}://${req.host}`;
    if (origin === own || origin === allowed) return next();
    next(new ForbiddenException('Cross-origin request refused'));
  };
}
