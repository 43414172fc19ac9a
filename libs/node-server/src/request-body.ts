/**
 * How every Node server of the site applies the request-timing rules (@app/contracts/request-timing):
 * the API (apps/api/src/app.factory.ts) and the web app's server (apps/web/server) use these two functions; nginx has its own
 * directives (apps/web/nginx.conf).
 */
import {
  BODY_LINGER_MS,
  BODY_TIMEOUT_MS,
  BODY_TIMEOUT_RESPONSE,
  bodyDeadlineMs,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from '@app/contracts/request-timing';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';

/** Headers, a whole request and an idle connection: the rules of @app/contracts/request-timing. */
export function limitRequestTimes(server: Server): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node checks both every 30 s by default (a slow client would get up to 30 s more); read at listen.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = 1000;
  // The body's own rule (below) cuts slow bodies; the outer bound lets the largest body through at the
  // slowest rate that rule allows (Node's default, 5 minutes, would cut a 100 MB backup below 2.8 Mbit/s).
  server.requestTimeout = REQUEST_TIMEOUT_MS;
}

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * A body that stalls or trickles is answered 408 and its connection closed; an answer given before
 * the body has fully arrived goes out at once, while the rest of the body is read and dropped (for
 * BODY_LINGER_MS at most), so the connection is not reset under a proxy still sending it.
 */
export function guardRequestBody(req: Request, res: Response, next: NextFunction): void {
  if (!hasBody(req) || req.complete) return next();
  const socket = req.socket;
  const started = Date.now();
  const readAtStart = socket.bytesRead;
  let received = 0;
  let lastProgress = started;
  let timer: NodeJS.Timeout | undefined;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;

  const check = () => {
    if (req.complete || socket.destroyed) return;
    const now = Date.now();
    const readNow = socket.bytesRead - readAtStart;
    if (readNow > received) [received, lastProgress] = [readNow, now];
    const wait = Math.min(lastProgress + BODY_TIMEOUT_MS, started + bodyDeadlineMs(received)) - now;
    if (wait > 0) {
      timer = setTimeout(check, Math.min(wait, 1000));
      return;
    }
    if (res.headersSent) {
      socket.destroy();
      return;
    }
    // Half-close after the answer so it is not lost to a reset; the rest of the body is not awaited.
    res.setHeader('Connection', 'close');
    res.status(BODY_TIMEOUT_RESPONSE.statusCode);
    res.once('finish', () => {
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
    });
    res.type('json');
    end(JSON.stringify(BODY_TIMEOUT_RESPONSE));
  };
  timer = setTimeout(check, BODY_TIMEOUT_MS);
  res.once('close', () => clearTimeout(timer));

  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (req.complete || res.writableEnded || socket.destroyed) return end(chunk, encoding, callback);
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    else if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (chunk !== undefined && chunk !== null) res.write(chunk, encoding as BufferEncoding);
    const finish = () => {
      clearTimeout(linger);
      end(callback);
    };
    const linger = setTimeout(() => {
      req.off('end', finish);
      end(callback);
      res.once('finish', () => socket.destroy());
    }, BODY_LINGER_MS);
    req.once('end', finish);
    // Nobody wants the rest any more (not a proxied API either): read and drop it.
    req.unpipe();
    req.removeAllListeners('data');
    req.resume();
    return res;
  }) as Response['end'];
  next();
}
