import { type INestApplication, UnauthorizedException } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { AUTH_REQUIRED, hasLiveSession } from '../auth/session.guard';
import { Clock } from '../common/clock';
import type { Env } from '../config/env';

export const DOCS_PATH = '/api/docs';

/** Swagger UI needs its own (still strict) policy: its scripts and styles come from this server. */
const DOCS_CSP = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
  },
};

/**
 * OpenAPI built from the contracts' zod DTOs, at /api/docs (JSON at /api/docs-json).
 * Outside production anyone may read it; in production only the signed-in admin.
 */
export function setupOpenApi(app: INestApplication, env: Env): void {
  const clock = app.get(Clock);
  const docsHelmet = helmet({ contentSecurityPolicy: DOCS_CSP });
  // Covers /api/docs, its assets and /api/docs-json.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith(DOCS_PATH)) return next();
    if (env.NODE_ENV === 'production' && !hasLiveSession(req, clock.now())) {
      return next(new UnauthorizedException(AUTH_REQUIRED));
    }
    docsHelmet(req, res, next);
  });
  const config = new DocumentBuilder()
    .setTitle('Channel site API')
    .setDescription(
      'Public calls for the home page and admin calls (session cookie `sid`) for the dashboard.',
    )
    .setVersion('1')
    .setOpenAPIVersion('3.1.0')
    .addCookieAuth('sid')
    .build();
  const document = cleanupOpenApiDoc(SwaggerModule.createDocument(app, config));
  SwaggerModule.setup(DOCS_PATH.slice(1), app, document, { jsonDocumentUrl: `${DOCS_PATH.slice(1)}-json` });
}
