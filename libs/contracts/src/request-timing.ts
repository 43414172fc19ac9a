/**
 * How long a client may take to send a request, the same on every layer that reads one: the API
 * and the web app's server (both through @app/node-server) and apps/web/nginx.conf (kept equal by
 * tools/nginx-conf.spec.ts). docs/security.md explains what each defends.
 */

/**
 * How long an idle kept-alive connection stays open. Longer than the proxies and clients in front keep theirs
 * (nginx's upstream `keepalive_timeout` is 60 s): with Node's default of 5 s, the server closes connections a
 * proxy or a test client is about to reuse, and that request dies with a reset ("socket hang up").
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The request line and headers must arrive within this time (slow headers hold a connection). */
export const HEADERS_TIMEOUT_MS = 10_000;

/**
 * A body gets this long to start, and is cut (408) when nothing of it arrives for this long; a
 * body that keeps trickling is cut by its average rate (below).
 */
export const BODY_TIMEOUT_MS = 10_000;

/**
 * Every byte of a body that arrives buys 1/rate second more (Apache's mod_reqtimeout rule): a
 * backup of 100 MB has time at 8 KiB/s (64 kbit/s), a byte every few seconds is cut after
 * BODY_TIMEOUT_MS.
 */
export const BODY_MIN_BYTES_PER_SECOND = 8 * 1024;

/**
 * After an answer that came before its body (a stranger's import: 401; too big: 413) the rest of
 * the body is read and dropped for at most this long, then the connection is closed. Closing at
 * once with unread bytes resets the connection, and a proxy still sending the body turns the
 * lost answer into a 502.
 */
export const BODY_LINGER_MS = 5_000;

/** The latest time (ms since the body started) by which a body with `received` bytes must be complete. */
export function bodyDeadlineMs(received: number): number {
  return BODY_TIMEOUT_MS + (received / BODY_MIN_BYTES_PER_SECOND) * 1000;
}

/** The largest body the site takes: a backup to import (the API's BACKUP_BODY_LIMIT, nginx's 100m). */
export const LARGEST_BODY_BYTES = 100 * 1024 * 1024;

/**
 * The outer bound of a whole request (Node's `requestTimeout`): the headers' time, then the time the largest
 * body has at the slowest rate allowed (about 3 h 34 min). Node's default of 5 minutes would cut a 100 MB
 * backup sent below 2.8 Mbit/s, though the body rule above lets it through at 64 kbit/s.
 */
export const REQUEST_TIMEOUT_MS = HEADERS_TIMEOUT_MS + bodyDeadlineMs(LARGEST_BODY_BYTES);

/** The answer to a body that arrives too slowly. */
export const BODY_TIMEOUT_RESPONSE = {
  statusCode: 408,
  message: 'The request body arrived too slowly',
  error: 'Request Timeout',
} as const;
