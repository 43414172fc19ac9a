/**
 * The host a request may name in `Host` (or `X-Forwarded-Host` behind a proxy): a DNS name, an
 * IPv4 address or a bracketed IPv6 address, with an optional port. The API and the web server
 * (apps/web/server) answer any other value with a 400, so a header such as `evil.example/x`,
 * `a b` or `user@host` never reaches a link, nor an error log.
 */
const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, 'i');
/** A DNS name is at most 253 characters; with a port and a trailing dot, 260. */
const MAX_HOST_LENGTH = 260;

export function isValidHost(host: string): boolean {
  if (host.length > MAX_HOST_LENGTH) return false;
  const match = HOST.exec(host);
  if (!match || Number(match[1] ?? 0) > 65535) return false;
  try {
    // Catches what the pattern lets through but no URL can hold (e.g. `[1:2]`, `[::1::]`).
    return new URL(`http://${host}/`).host !== '';
  } catch {
    return false;
  }
}

/**
 * The scheme a request may name in `X-Forwarded-Proto` behind a trusted proxy (its first value, as Express reads
 * it): http or https, in any case. The API and the web server answer any other value with a 400.
 */
export function isValidProtocol(protocol: string): boolean {
  return /^https?$/i.test(protocol);
}
