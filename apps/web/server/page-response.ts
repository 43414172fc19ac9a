/**
 * Sending an assembled page: its headers (headers.ts), its status, a strong ETag so a browser or a shared cache
 * revalidates with a 304, and brotli or gzip made once per page, off the event loop.
 */
import type { PagePolicySources } from '@app/contracts/page-policy';
import { isSitePagePath } from '@app/contracts/watch';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { setPageHeaders } from './headers';

/** A page as the page module made it (serve-page.ts), ready to send. */
export interface RenderedPage {
  /** 404 for the watch page of a video the site does not have. */
  status: number;
  html: Buffer;
  sources?: PagePolicySources;
  /** Its head's links follow the request's Host (the model's cache is not shared): no shared cache keeps it. */
  hostLinks?: boolean;
  /** False without a page model (the API is down) or under `npm run dev`: no cache keeps the page. */
  keep: boolean;
  /** The shell it was made from (its inline scripts are in the page's policy). */
  shell: string;
  /** Its validator, made once (page-response.ts). */
  etag?: string;
  /** Its brotli and gzip forms, made once (page-response.ts). */
  encoded?: { br?: Promise<Buffer>; gzip?: Promise<Buffer> };
}

/** A strong validator of the page's bytes (one per rendering; the encodings add their suffix). */
function pageEtag(page: RenderedPage): string {
  return (page.etag ??= createHash('sha1').update(page.html).digest('base64url').slice(0, 20));
}

/**
 * Brotli's quality for pages: 10 makes `/` 8 % smaller than 5 (12.7 KB against 13.8 KB), so it fits TCP's first
 * 14.6 KB with its headers and a phone on a slow network paints a round trip sooner. It costs about 30 ms for `/`
 * (20 ms for a watch page) on a thread of libuv's pool, once per page made (`encoded`).
 */
const PAGE_BROTLI_QUALITY = 10;
const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page's brotli or gzip form, made once per page (the page cache keeps it with the page), off the event loop. */
function encoded(page: RenderedPage, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const forms = (page.encoded ??= {});
  let form = forms[encoding];
  if (!form) {
    form =
      encoding === 'br'
        ? brotliCompressAsync(page.html, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: page.html.length,
            },
          })
        : gzipAsync(page.html);
    forms[encoding] = form;
    form.catch(() => delete forms[encoding]);
  }
  return form;
}

/** Sends `page` as the answer to `req`. */
export async function sendRenderedPage(req: Request, res: Response, page: RenderedPage): Promise<void> {
  setPageHeaders(res, page.shell, page.sources, page.hostLinks);
  // A page not kept here is not kept by nginx in front either (its policy is the asker's alone).
  if (!page.keep) res.setHeader('X-Accel-Expires', '0');
  // A path that is none of the site's pages shows the not-found page: its status says so too (the shell is
  // kept once for every such path, so the status is the path's, not the kept page's).
  const status = isSitePagePath(req.path) ? page.status : 404;
  if (status !== 200) res.status(status);
  res.type('html');
  res.vary('Accept-Encoding');
  // Brotli whenever accepted (browsers list it last: "gzip, deflate, br").
  const encoding = req.acceptsEncodings('br') || req.acceptsEncodings('gzip', 'identity');
  // A validator, so a browser (the page is no-cache) or a shared cache revalidates with a 304.
  if (status === 200 && res.statusCode === 200) {
    const etag = `"${pageEtag(page)}${encoding === 'br' || encoding === 'gzip' ? `-${encoding}` : ''}"`;
    res.setHeader('ETag', etag);
    const asked = req.headers['if-none-match'];
    if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      res.status(304).end();
      return;
    }
  }
  if (encoding === 'br' || encoding === 'gzip') {
    const body = await encoded(page, encoding);
    res.setHeader('Content-Encoding', encoding);
    res.end(body);
    return;
  }
  res.end(page.html);
}
