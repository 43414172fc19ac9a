/**
 * The headers this server sets itself: the caching of what it sends, the security headers every answer carries,
 * and a page's Content-Security-Policy (page-csp.ts) with its Cache-Control.
 */
import type { PagePolicySources } from '@app/contracts/page-policy';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { contentSecurityPolicyFor } from './page-csp';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_NONE = 'no-cache';
export const CACHE_SHORT = 'public, max-age=3600';

/**
 * HSTS on every answer (pages, assets, files, feeds), with helmet's default, the value the API's helmet sends
 * (apps/api/src/app.factory.ts); browsers ignore it over plain http. The API's own header on proxied answers
 * replaces this one, so an answer carries it once.
 */
export const strictTransportSecurity = helmet.strictTransportSecurity();

export function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  next();
}

/**
 * A page's Cache-Control and CSP: the hash of the shell's inline scripts and the hosts of the features the API says
 * are on; the strict baseline when it does not say. A head whose links follow the request's Host (no PUBLIC_URL)
 * is the asker's alone: no shared cache may keep the page (host-header poisoning, docs/security.md).
 */
export function setPageHeaders(
  res: Response,
  shell: string | undefined,
  sources?: PagePolicySources,
  hostLinks = false,
): void {
  res.setHeader('Cache-Control', hostLinks ? `private, ${CACHE_NONE}` : CACHE_NONE);
  if (shell !== undefined) res.setHeader('Content-Security-Policy', contentSecurityPolicyFor(shell, sources));
}
