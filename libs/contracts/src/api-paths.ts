/**
 * What the web server hands to the API: everything under `/api` (its global prefix), and the
 * generated files it serves at the site root. Vite, Nest, tools/serve.ts read this list;
 * apps/web/nginx.conf cannot, so tools/nginx-conf.spec.ts checks its locations against it.
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
