/**
 * How long a shared cache keeps a public API answer by time, written once: the API sets `X-Accel-Expires`
 * (which nginx reads before Cache-Control and never passes on), and the web server's own micro-cache reads the same
 * header, so the compose nginx and `npm start` keep an answer exactly as long.
 *
 * nginx counts lifetimes in whole seconds, so `s-maxage=1` (or `proxy_cache_valid 1s`) keeps an answer up to 2 s.
 * `@<this second>` keeps it until the end of the current second instead: an edit reaches visitors within a second.
 */
export function expiresThisSecond(now = Date.now()): string {
  return `@${Math.floor(now / 1000)}`;
}

/**
 * The time (ms) until which an answer with this `X-Accel-Expires` may be kept, as nginx reads it: `@<epoch s>` up to
 * the end of that second, `<s>` that many seconds from now; `0`, a missing header or anything else: not kept.
 */
export function keptUntil(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^(@?)(\d{1,12})$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const seconds = Number(match[2]);
  const until = match[1] ? (seconds + 1) * 1000 : seconds > 0 ? now + seconds * 1000 : 0;
  return until > now ? until : undefined;
}
