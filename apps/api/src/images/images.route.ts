import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { IMAGE_FILE_PATTERN, IMAGE_HASH_PATTERN } from '@app/contracts';
import type { ImageStore } from './image-store';

/** Every file under a hash is immutable: a changed image is stored under a new hash. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Longest path after `/images/` that could be valid: a hash, a slash and `1280.avif`. */
const MAX_NAME = 20 + 1 + 9;

/**
 * `GET /images/<hash>/<file>` (libs/contracts/src/site-image.ts): a stored file with an immutable Cache-Control,
 * a strong ETag (of its bytes) and its type and length. The name is checked against IMAGE_HASH_PATTERN and
 * IMAGE_FILE_PATTERN as it arrived (still percent-encoded), so no `..`, `%2e`, slash or odd name reaches the store:
 * 400. A valid name the store does not hold is made from the image's source (ImageFilesService.make), or
 * 404 when there is none. Mounted at `/images` (app.factory.ts), outside `/api`.
 */
export function imagesRoute(store: ImageStore, make: (hash: string, file: string) => Promise<boolean>) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-store');
    const name = req.path.slice(1);
    const [hash, file, ...rest] = name.split('/');
    if (
      name.length > MAX_NAME ||
      rest.length ||
      !IMAGE_HASH_PATTERN.test(hash) ||
      !IMAGE_FILE_PATTERN.test(file ?? '')
    ) {
      res.status(400).json({ statusCode: 400, message: 'path: not an image name (/images/<hash>/<file>)' });
      return;
    }
    try {
      const key = `${hash}/${file}`;
      // Each file is made when first asked for.
      const stored = (await store.get(key)) ?? ((await make(hash, file)) ? await store.get(key) : null);
      if (!stored) {
        res.status(404).json({ statusCode: 404, message: 'image not found' });
        return;
      }
      const etag = `"${createHash('sha256').update(stored.body).digest('base64url').slice(0, 27)}"`;
      res.setHeader('Cache-Control', IMAGE_CACHE_CONTROL);
      res.setHeader('ETag', etag);
      res.setHeader('Content-Type', stored.contentType);
      if (ifNoneMatch(req.headers['if-none-match'], etag)) {
        res.status(304).end();
        return;
      }
      res.setHeader('Content-Length', String(stored.body.length));
      res.status(200).end(req.method === 'HEAD' ? undefined : stored.body);
    } catch (error) {
      next(error);
    }
  };
}

/** If-None-Match names this ETag (or `*`), weakly compared as RFC 9110 says for GET. */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
