import { posix } from 'node:path';
import { SESSION_COOKIE } from '@app/node-server';
import { type INestApplication, UnauthorizedException } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { AUTH_REQUIRED, hasLiveSession } from '../auth/session.guard';
import { Clock } from '../common/clock';
import { PUBLIC_OPERATION_EXTENSION } from '../common/public.decorator';
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
    if (!isDocsPath(req.path)) return next();
    if (env.NODE_ENV === 'production' && !hasLiveSession(req, clock.now())) {
      return next(new UnauthorizedException(AUTH_REQUIRED));
    }
    docsHelmet(req, res, next);
  });
  const config = new DocumentBuilder()
    .setTitle('Channel site API')
    .setDescription(
      `Public calls for the home page and admin calls (session cookie \`${SESSION_COOKIE}\`) for the dashboard.`,
    )
    .setVersion('1')
    .setOpenAPIVersion('3.1.0')
    .addCookieAuth(SESSION_COOKIE)
    .build();
  // Built on the first request for it, not at start-up: turning every zod DTO into JSON Schema took most of the
  // API's boot time (a third of the integration tests' CPU, which boot the app once per suite), and most
  // processes never serve the document.
  const document = () =>
    requireSessionOnPrivateOperations(cleanupOpenApiDoc(SwaggerModule.createDocument(app, config)));
  SwaggerModule.setup(DOCS_PATH.slice(1), app, document, { jsonDocumentUrl: `${DOCS_PATH.slice(1)}-json` });
}

/**
 * Whether a request path may reach the document, its UI or their assets. Routing ignores case, so
 * this must too; doubled slashes, dot segments and percent escapes are folded first so that no
 * spelling gets round it (over-matching only turns a 404 into a 401).
 */
export function isDocsPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: check the path as it came.
  }
  return posix.normalize(decoded).toLowerCase().startsWith(DOCS_PATH);
}

type OperationObject = NonNullable<OpenAPIObject['paths'][string]['get']>;

/** Like the global guard: every operation needs the session cookie unless its route is `@Public()`. */
export function requireSessionOnPrivateOperations(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method] as
        (OperationObject & { [PUBLIC_OPERATION_EXTENSION]?: true }) | undefined;
      if (!operation) continue;
      if (operation[PUBLIC_OPERATION_EXTENSION]) delete operation[PUBLIC_OPERATION_EXTENSION];
      else operation.security = [{ sid: [] }];
    }
  }
  return document;
}
