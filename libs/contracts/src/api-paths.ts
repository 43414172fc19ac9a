/**
 * What the web server hands to the API: everything under `/api` (its global prefix), and the
 * generated files it serves at the site root. Nest and the web server (apps/web/server) read this list.
 */
export const API_PREFIX = '/api';

/** The oEmbed endpoint (issue 15): watch pages' discovery links point to it. */
export const OEMBED_PATH = '/oembed';

/** Paths the API answers at the site root, outside its prefix. */
export const API_ROOT_FILES = ['/sitemap.xml', '/rss.xml', '/robots.txt', OEMBED_PATH] as const;

/** `/api` itself, anything below it, or one of the root files. */
export function isApiPath(pathname: string): boolean {
  return (
    pathname === API_PREFIX ||
    pathname.startsWith(`${API_PREFIX}/`) ||
    (API_ROOT_FILES as readonly string[]).includes(pathname)
  );
}

/**
 * The content version (the number every write to public content or settings bumps), sent by the API with its
 * public answers: the web server's renderer keys its renderings by it (apps/web/server/page-renderer.ts).
 */
export const CONTENT_VERSION_HEADER = 'X-Content-Version';
