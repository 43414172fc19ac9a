import {
  API_PREFIX,
  API_ROOT_FILES,
  IMAGES_PATH,
  TRANSCRIPT_MAX_BYTES,
  WEBSUB_CALLBACK_PATH,
} from '@app/contracts';
import { type INestApplication, type LogLevel, UnauthorizedException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { json, raw, type NextFunction, type Request, type Response, Router } from 'express';
import helmet from 'helmet';
import { DataSource } from 'typeorm';
import { eventsBodyParser, eventsFastPath } from './analytics/analytics-events-http';
import { AnalyticsIngestService } from './analytics/analytics-ingest.service';
import { AppModule } from './app.module';
import { NEWSLETTER_LINK_PATHS } from './newsletter/newsletter-links';
import { WEBSUB_BODY_LIMIT } from './youtube/websub.service';
import { AUTH_REQUIRED } from './auth/session.guard';
import { sessionMiddleware } from './auth/session.setup';
import { closeConnectionsWhileDraining } from './common/draining';
import { guardRequestBody, limitRequestTimes } from '@app/node-server';
import { ImageFilesService } from './images/image-files.service';
import { IMAGE_STORE, type ImageStore } from './images/image-store';
import { imagesRoute } from './images/images.route';
import { requestLogger } from './common/request-logger.middleware';
import { contentVersionReader, httpCaching } from './content-cache/http-caching.middleware';
import { publicCache } from './content-cache/public-cache.middleware';
import { sameOriginJson } from './common/same-origin.middleware';
import { validHost } from './common/valid-host.middleware';
import type { Env } from './config/env';
import { isDocsPath, setupOpenApi } from './docs/openapi';

export const JSON_BODY_LIMIT = '4mb';
export const BACKUP_BODY_LIMIT = '100mb';
export const NEWSLETTER_BODY_LIMIT = '2kb';
/**
 * A transcript file of up to TRANSCRIPT_MAX_BYTES (5 MB) arrives as a JSON string, its line breaks and quotes
 * escaped: twice the file leaves room for that. The upload itself refuses a file past 5 MB with a 413 naming it.
 */
export const TRANSCRIPT_BODY_LIMIT = 2 * TRANSCRIPT_MAX_BYTES + 64 * 1024;
/** `PUT /api/admin/videos/{id}/transcripts/{language}`, below `/api/admin/videos`. */
const TRANSCRIPT_UPLOAD = /^\/[^/]+\/transcripts\/[^/]+\/?$/;
/** The page's analytics beacons: small, JSON sent as application/json or text/plain (sendBeacon). */
export const EVENTS_PATH = `${API_PREFIX}/events`;

export interface CreateAppOptions {
  logger?: LogLevel[] | false;
}

/** JSON API: nothing may be framed, run or loaded from its answers. */
const API_CSP = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
  },
};

/** Builds the configured Nest application (used by main.ts and by the integration tests). */
export async function createApp(env: Env, options: CreateAppOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env), {
    logger: options.logger ?? ['log', 'warn', 'error'],
    bodyParser: false,
  });
  app.set('trust proxy', env.TRUST_PROXY ? 1 : false);
  limitRequestTimes(app.getHttpServer());
  app.use(guardRequestBody);
  if (env.LOG_REQUESTS) app.use(requestLogger());
  app.use(closeConnectionsWhileDraining);
  app.use(validHost());
  app.set('query parser', 'simple');
  app.disable('x-powered-by');
  app.setGlobalPrefix(API_PREFIX.slice(1), { exclude: API_ROOT_FILES.map((path) => path.slice(1)) });
  const apiHelmet = helmet({
    contentSecurityPolicy: API_CSP,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.use((req: Request, res: Response, next: NextFunction) =>
    isDocsPath(req.path) ? next() : apiHelmet(req, res, next),
  );
  // The site's own images: files of a content-addressed store, before any session or content cache.
  const files = app.get(ImageFilesService);
  app.use(
    IMAGES_PATH,
    imagesRoute(app.get<ImageStore>(IMAGE_STORE), (hash, file) => files.make(hash, file)),
  );
  // The WebSub callback is called by the hub (no Origin, Atom body) and proven by its signature instead.
  app.use(
    sameOriginJson(env.PUBLIC_URL, [EVENTS_PATH], [NEWSLETTER_LINK_PATHS.unsubscribe, WEBSUB_CALLBACK_PATH]),
  );
  // Anonymous GETs of public content are answered from memory while nothing changed. "Anonymous":
  // no cookie at all, or cookies for which express-session and passport resolved no session.
  // Caching headers by rule (public GETs: shared-cacheable with a content-version ETag; all else
  // no-store), and a 304 before any work for a validator that still matches.
  const dataSource = app.get(DataSource);
  const readVersion = contentVersionReader(dataSource);
  const caching = httpCaching(readVersion, env.PUBLIC_URL);
  const cache = publicCache(dataSource, undefined, readVersion);
  app.use(caching.headers);
  app.use(caching.withoutCookies);
  app.use(cache.withoutCookies);
  // The analytics beacons never read or create a session (no cookie is set, no store lookup per event).
  const withSession = Router().use(...sessionMiddleware(app, env));
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.path === EVENTS_PATH ? next() : withSession(req, res, next),
  );
  app.use(caching.afterSession);
  app.use(cache.afterSession);
  // A backup of a large channel is bigger than any other body; only the signed-in admin may send one.
  // Anyone else gets the guard's 401 before a byte of the body is parsed (not a 413 after 4 MB of it);
  // guardRequestBody drops the rest of the body before closing, so a proxy still sending it gets the 401.
  const backupParser = json({ limit: BACKUP_BODY_LIMIT });
  app.use('/api/admin/import', (req: Request, res: Response, next: NextFunction) => {
    if (req.user) return backupParser(req, res, next);
    const refusal = new UnauthorizedException(AUTH_REQUIRED);
    res.setHeader('Connection', 'close');
    res.status(refusal.getStatus()).json(refusal.getResponse());
  });
  // A transcript file is bigger than the other JSON bodies; only the signed-in admin's is read with the larger limit.
  const transcriptParser = json({ limit: TRANSCRIPT_BODY_LIMIT });
  app.use(`${API_PREFIX}/admin/videos`, (req: Request, res: Response, next: NextFunction) =>
    req.user && req.method === 'PUT' && TRANSCRIPT_UPLOAD.test(req.path)
      ? transcriptParser(req, res, next)
      : next(),
  );
  // The public Subscribe form's body is an address and a honeypot: a few hundred bytes at most.
  app.use('/api/newsletter', json({ limit: NEWSLETTER_BODY_LIMIT }));
  // WebSub notifications (Atom) are read raw: the signature is over the exact bytes.
  app.use(WEBSUB_CALLBACK_PATH, raw({ type: () => true, limit: WEBSUB_BODY_LIMIT }));
  // Beacons of at most 8 KB; a bigger one is a 400 naming the limit (not the 413 of the other routes).
  app.use(EVENTS_PATH, eventsBodyParser());
  app.use(EVENTS_PATH, eventsFastPath(app.get(AnalyticsIngestService)));
  // Inline images of up to 2 MB arrive base64-encoded in JSON (about 2.7 MB).
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  setupOpenApi(app, env);
  return app;
}
