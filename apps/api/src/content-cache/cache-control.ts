/**
 * What a public GET may be kept for: a browser for 5 s, a shared cache (CDN, the compose nginx) for
 * 1 s, after which it may serve the old answer for up to a minute while it revalidates, which costs
 * the API one primary-key read and a 304 while nothing changed. So an edit reaches every visitor
 * within a second through a shared cache, and no purge is ever needed.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, s-maxage=1, stale-while-revalidate=60';
/** The same for an answer that only the asker's own cache may keep (its links follow the request's Host). */
export const PRIVATE_CACHE_CONTROL = 'private, max-age=5';
/** Admin answers, answers to a session, non-public routes and errors. */
export const NO_STORE = 'no-store';

/**
 * nginx counts cache lifetimes in whole seconds, so its `s-maxage=1` (or `proxy_cache_valid 1s`)
 * keeps an answer up to 2 s. `X-Accel-Expires: @<this second>`, which nginx reads before
 * Cache-Control and never passes on, keeps it until the end of the current second instead: an edit
 * reaches visitors through the compose nginx within a second.
 */
export function nginxExpiresThisSecond(now = Date.now()): string {
  return `@${Math.floor(now / 1000)}`;
}
