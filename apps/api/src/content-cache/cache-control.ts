/**
 * What a public GET may be kept for: a shared cache (CDN, the compose nginx) for 1 s; a browser keeps it
 * but asks again each time (`max-age=0`: a revalidation with the ETag, a 304 while nothing changed, so the
 * owner who saves and reloads sees the change at once). So an edit reaches every visitor within a second,
 * and no purge is ever needed.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=1';
/**
 * For CDNs (RFC 9213 `CDN-Cache-Control`, read by Cloudflare, Fastly, Akamai and others before
 * Cache-Control and not passed on to browsers): 1 s, then the old answer for up to a minute while one
 * request revalidates it. Not in Cache-Control, as browsers would then show a stale answer once after a change.
 */
export const CDN_CACHE_CONTROL = 'public, max-age=1, stale-while-revalidate=60';
/** For an answer that only the asker's own cache may keep (its links follow the request's Host). */
export const PRIVATE_CACHE_CONTROL = 'private, max-age=0';
/**
 * For an answer every cache may keep but must revalidate at each use (its ETag names the content version): no one
 * keeps it by time, so a change is in the very next answer. The page model's, which the web server asks with the
 * ETag it holds (a 304 while nothing changed).
 */
export const REVALIDATED_CACHE_CONTROL = 'public, no-cache';
/** The same for an answer whose links follow the request's Host: only the asker may keep it. */
export const PRIVATE_REVALIDATED_CACHE_CONTROL = 'private, no-cache';
/** Admin answers, answers to a session, non-public routes and errors. */
export const NO_STORE = 'no-store';
