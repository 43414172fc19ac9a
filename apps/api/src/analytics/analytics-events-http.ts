import { BadRequestException } from '@nestjs/common';
import { ANALYTICS_MAX_BODY_BYTES } from '@app/contracts';
import { json, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { AnalyticsIngestService } from './analytics-ingest.service';
import { TurnQueue } from './turn-queue';

/** Who sent a batch: read from the request, used for the hash only, never stored. */
export interface EventSender {
  ip: string;
  userAgent: string;
  /** The site's host as the request named it. */
  host: string;
  /** `Sec-GPC: 1`: the visitor asked not to be tracked. */
  gpc: boolean;
}

/** Who sent a request, for the hash. */
export function eventSender(req: Request): EventSender {
  return {
    ip: req.ip ?? req.socket.remoteAddress ?? '',
    userAgent: req.get('user-agent') ?? '',
    host: req.hostname,
    gpc: req.get('sec-gpc') === '1',
  };
}

/** The 400 of an events body over ANALYTICS_MAX_BODY_BYTES (issue 13: a clear 400, not the 413 of other routes). */
export const EVENTS_BODY_TOO_LARGE = `body: must be at most ${ANALYTICS_MAX_BODY_BYTES} bytes (${ANALYTICS_MAX_BODY_BYTES / 1024} KB)`;

/**
 * The JSON parser of `POST /api/events` (`application/json`, or `text/plain` as sendBeacon sends it), capped at
 * ANALYTICS_MAX_BODY_BYTES; a bigger body is a 400 EVENTS_BODY_TOO_LARGE. Other errors (bad JSON: 400) go on as
 * body-parser gives them.
 */
export function eventsBodyParser(): RequestHandler {
  const parse = json({ limit: ANALYTICS_MAX_BODY_BYTES, type: ['application/json', 'text/plain'] });
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (error?: unknown) =>
      next(
        (error as { type?: string } | undefined)?.type === 'entity.too.large'
          ? new BadRequestException(EVENTS_BODY_TOO_LARGE)
          : error,
      ),
    );
}

/**
 * `POST /api/events` answered before Nest's router, guards and pipes (mounted on the path in app.factory.ts):
 * the beacons are the API's busiest call. Same service, same answers as AnalyticsController; errors go on to
 * the app's error filter.
 */
export function eventsFastPath(
  ingest: AnalyticsIngestService,
  queue = new TurnQueue(BEACONS_PER_TURN, MAX_BEACONS_WAITING),
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || req.path !== '/') return next();
    // Beacons yield to the other requests: at most BEACONS_PER_TURN are taken in each turn of the event loop.
    queue.run(() => {
      ingest.accept(req.body, eventSender(req)).then((accepted) => res.status(202).json({ accepted }), next);
    });
  };
}

/**
 * Beacons checked and answered per turn of the event loop (TurnQueue): under a flood a public read waits for
 * these at most (about 0.3 ms each), not for every beacon that arrived (docs/benchmarks.md, analytics flood).
 */
export const BEACONS_PER_TURN = 8;
/** Beyond this many beacons waiting, a new one is taken at once (clients that pipeline without waiting). */
export const MAX_BEACONS_WAITING = 2000;
