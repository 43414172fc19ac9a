/**
 * The standalone documents (docs/sponsor-reports.md, docs/media-kit.md): a sponsor report at its signed link
 * (`/sponsor-reports/{token}`) and the media kit (`/media-kit`). Rendered here by the entry's `renderDocument` from
 * the API's page model, like every page, but as a whole document of their own: no app, no script, no request to
 * anyone (their stylesheet is inline), no cookie set. Read anew at every view and kept by no cache (`no-store`): a
 * revoked link is dead at the next request, and the media kit may be the signed-in owner's preview, the one page
 * asked with the visitor's cookie. A report, or a preview, is `noindex` in its head and its `X-Robots-Tag`.
 */
import { documentContentSecurityPolicy } from '@app/contracts/page-policy';
import { reportPageOf } from '@app/contracts/report-pages';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { askPageModel, type ApiConnection } from './page-model-client';
import { inlineStyleHashes } from './page-csp';
import type { EntryLoader, RenderedDocument } from './ssr-entry';

/** What goes out when the API does not answer: a plain page, kept by no one. */
const UNAVAILABLE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
  '<title>Not available right now</title></head><body><p>This page is not available right now. ' +
  'Try again in a moment.</p></body></html>';

function sendDocument(res: Response, document: RenderedDocument): void {
  res.status(document.status);
  res.setHeader('Cache-Control', 'no-store');
  // nginx in front keeps nothing of it either (it reads this before Cache-Control).
  res.setHeader('X-Accel-Expires', '0');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Content-Security-Policy', documentContentSecurityPolicy(inlineStyleHashes(document.html)));
  if (document.noindex) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.type('html').send(document.html);
}

export function reportPages(api: ApiConnection, entry: EntryLoader | undefined): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const kind = reportPageOf(req.path);
    if (!kind || (req.method !== 'GET' && req.method !== 'HEAD') || !entry) return next();
    const cookie = kind === 'media-kit' ? req.headers.cookie : undefined;
    askPageModel(api, req, req.path, undefined, cookie)
      .then(async (answer) => {
        const document = answer && (await (await entry())?.renderDocument?.(answer.model));
        // No document: the media kit is off (the site's not-found page, with its 404), or no entry renders it.
        if (!document) return next();
        sendDocument(res, document);
      })
      .catch((error: Error) => {
        if (res.headersSent) return res.destroy(error);
        res.status(503).setHeader('Cache-Control', 'no-store');
        res.setHeader('X-Robots-Tag', 'noindex');
        res.type('html').send(UNAVAILABLE);
      });
  };
}
