import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../content-cache/cache-control';
import type { Request } from 'express';

/** The origin of links for a request that names no host (HTTP/1.0), when PUBLIC_URL is unset. */
export const FALLBACK_ORIGIN = 'http://localhost';

/**
 * The public origin of the site: PUBLIC_URL when set, else the origin the request came to (its
 * host was checked by validHost), never the API's own address. An answer built from the request's
 * host must not be kept by a shared cache: see siteCacheControl.
 */
export function siteOrigin(req: Request, publicUrl?: string): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const host = req.host;
  return host ? `${req.protocol.toLowerCase()}://${host.toLowerCase()}` : FALLBACK_ORIGIN;
}

/**
 * Cache-Control for an answer holding siteOrigin's links. Without PUBLIC_URL they follow the
 * request's Host, so only the asker's own cache may keep them: a CDN or proxy that stored an
 * answer to `Host: evil.example` would hand its links to everyone (host-header poisoning).
 */
export function siteCacheControl(publicUrl: string | undefined): string {
  return publicUrl ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL;
}

/** Makes a thumbnail path such as `/api/demo/thumbnails/v1.svg` absolute. */
export function absoluteUrl(origin: string, url: string): string {
  return new URL(url, `${origin}/`).toString();
}
