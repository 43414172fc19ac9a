/**
 * Who asked, as far as this server can tell: the visitor's protocol, the host the browser used and the chain of
 * addresses the request came through. With a trusted front proxy (TRUST_PROXY, e.g. nginx in docker-compose) these
 * come from its X-Forwarded-* headers; without one, from the connection itself.
 */
import { isValidProtocol } from '@app/contracts/site-host';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';

/**
 * What a trusted front proxy said about a request: the visitor's protocol, and the X-Forwarded-For chain it made
 * (ending with the visitor's address).
 */
const fromFront = new WeakMap<IncomingMessage, { protocol: 'http' | 'https' | null; forwardedFor: string }>();

/**
 * With a trusted front proxy, takes the protocol, host and visitor address it forwarded (one hop, as the API trusts
 * one: this server then passes the front's chain on without adding the front's address); a Host in
 * X-Forwarded-Host replaces the request's. A protocol other than http or https is kept as null (a 400 in
 * host-check.ts), read as the API's Express reads it: the first value, or this server's own protocol when the
 * header is empty.
 */
export function trustFront(req: Request, _res: Response, next: NextFunction): void {
  const given = String(req.headers['x-forwarded-proto'] ?? '');
  const proto = given ? given.split(',')[0].trim().toLowerCase() : ownProtocol(req);
  const host = String(req.headers['x-forwarded-host'] ?? '')
    .split(',')[0]
    .trim();
  if (host) req.headers.host = host;
  fromFront.set(req, {
    protocol: isValidProtocol(proto) ? (proto as 'http' | 'https') : null,
    forwardedFor: String(req.headers['x-forwarded-for'] ?? '') || (req.socket.remoteAddress ?? ''),
  });
  next();
}

function ownProtocol(req: IncomingMessage): 'http' | 'https' {
  return req.socket instanceof TLSSocket ? 'https' : 'http';
}

/** The visitor's protocol. */
export function protocolOf(req: IncomingMessage): 'http' | 'https' {
  return fromFront.get(req)?.protocol ?? ownProtocol(req);
}

/** Whether the trusted front proxy forwarded a protocol other than http or https. */
export function hasBadForwardedProtocol(req: IncomingMessage): boolean {
  return fromFront.get(req)?.protocol === null;
}

/** The X-Forwarded-For the API gets: the chain so far, ending with the address of whoever sent this request. */
export function forwardedFor(req: IncomingMessage): string {
  const front = fromFront.get(req);
  if (front) return front.forwardedFor;
  return [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
}

/**
 * The host the browser asked for, which the API builds the page head's and the feeds' links from.
 * A request without one (HTTP/1.0) gets the address this server was reached on, never the API's
 * internal one (what the proxy or fetch would put in Host otherwise).
 */
export function siteHost(req: IncomingMessage): string {
  if (req.headers.host) return req.headers.host;
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

/** The origin a page's links follow, while they follow the request's host (no PUBLIC_URL). */
export function requestOrigin(req: IncomingMessage): string {
  return `${protocolOf(req)}://${siteHost(req)}`;
}
