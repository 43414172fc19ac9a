import type { Request } from 'express';

/** The public origin of the site: PUBLIC_URL when set, else the origin the request came to. */
export function siteOrigin(req: Request, publicUrl?: string): string {
  return publicUrl ? new URL(publicUrl).origin : `${req.protocol}://${req.host}`;
}

/** Makes a thumbnail path such as `/api/demo/thumbnails/v1.svg` absolute. */
export function absoluteUrl(origin: string, url: string): string {
  return new URL(url, `${origin}/`).toString();
}
