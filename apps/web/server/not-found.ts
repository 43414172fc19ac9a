/**
 * Paths no file and no API route answers. The SPA owns every other page path, including its own 404 page (sent
 * with a 404 status: `isSitePagePath`, page-response.ts); a missing file is a 404, never the SPA, except for a
 * browser navigating to it (`/about.html`), which gets the SPA's 404 page with the 404 status.
 */
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { CACHE_NONE } from './headers';

type SendPage = (req: Request, res: Response, next: NextFunction) => void;

/** A request for something with a file extension (or under /assets) is never answered with the SPA. */
function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\/[^/]*\.[A-Za-z0-9]+$/.test(pathname);
}

/** A browser navigating (its Accept names HTML), rather than a script, an image or a tool asking for a file. */
function wantsPage(req: IncomingMessage): boolean {
  return /\btext\/html\b/i.test(req.headers.accept ?? '');
}

const readsPage = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

/** Every page path no file answered: the SPA. */
export function spaFallback(sendPage: SendPage) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!readsPage(req) || looksLikeFile(req.path)) return next();
    sendPage(req, res, next);
  };
}

/** A missing file a browser navigates to: the SPA's 404 page, with the 404 status. */
export function missingFilePage(sendPage: SendPage) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!readsPage(req) || req.path.startsWith('/assets/') || !wantsPage(req)) return next();
    res.status(404);
    sendPage(req, res, next);
  };
}

/** Anything else (a script, an image, curl): a short text. */
export function plainNotFound(req: Request, res: Response): void {
  res.status(404).type('text/plain').setHeader('Cache-Control', CACHE_NONE).send(`Not found: ${req.path}`);
}

/** An error on the way: its status (500 by default) and a short text, never a stack. */
export function errorAnswer(
  error: Error & { status?: number },
  _req: Request,
  res: Response,
  _next: NextFunction,
): void {
  const status = error.status ?? 500;
  res
    .status(status)
    .type('text/plain')
    .send(status === 404 ? 'Not found' : 'Internal server error');
}
