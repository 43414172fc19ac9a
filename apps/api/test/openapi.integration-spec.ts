import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { WebsubIntentEntity } from '../src/youtube/websub-intent.entity';
import {
  loadOpenApi,
  type OpenApiDocument,
  openApiDocumentErrors,
  type OpenApiSchema,
  operations,
  type SchemaValidator,
  toOpenApiPath,
} from './support/openapi';
import {
  passkeyCalls,
  passwordCalls,
  sessionCalls,
  signOutCalls,
  twoFactorCalls,
} from './support/openapi-calls/account';
import {
  auditCalls,
  backupCalls,
  channelSyncCalls,
  imageCalls,
  integrationCalls,
  sponsorReportCalls,
  sponsorshipCalls,
  transcriptCalls,
} from './support/openapi-calls/admin';
import { type Call, CallContext, WEBSUB_ASKED, type Who } from './support/openapi-calls/context';
import { googleCalls } from './support/openapi-calls/google';
import {
  analyticsCalls,
  contentCalls,
  feedCalls,
  feedsOffCalls,
  newsletterCalls,
  settingsCalls,
} from './support/openapi-calls/site';
import { appRoutes, routesTakingBody } from './support/routes';
import { useStack } from './support/stack';
import type { TestApp } from './support/test-app';

/**
 * The OpenAPI document is generated from the contracts (apps/api/src/docs, docs/api.md). This spec keeps it
 * honest: it is valid OpenAPI 3.1, it documents every route the app registers with its request and answer
 * schemas, and the real answers of every route (one or more calls each, in the order of CALLS: their parts in
 * support/openapi-calls/) match what it documents. A new route fails here until it is documented
 * (`@ApiJson`/`@ApiText`) and has a successful call there.
 */

let t: TestApp;
let admin: TestAgent;
let browser: TestAgent;
let doc: OpenApiDocument;
let schemas: SchemaValidator;
const calls = new CallContext(() => t);

/** In order: the state each call leaves is what the next one finds (support/openapi-calls/, one file per part). */
const CALLS: Call[] = [
  ...sessionCalls(calls),
  ...passkeyCalls(calls),
  ...auditCalls,
  ...channelSyncCalls,
  ...integrationCalls,
  ...contentCalls(calls),
  ...settingsCalls,
  ...analyticsCalls,
  ...feedCalls,
  ...sponsorshipCalls(calls),
  ...transcriptCalls(calls),
  ...sponsorReportCalls(calls),
  ...imageCalls,
  ...backupCalls(calls),
  ...feedsOffCalls,
  ...twoFactorCalls(calls),
  ...passwordCalls,
  ...newsletterCalls(calls),
  ...googleCalls,
  ...signOutCalls,
];

/** The JSON schema the document gives for `status` of `route`, and its media type. */
function documented(route: string, status: number): { mediaType: string; schema: OpenApiSchema } {
  const [method, path] = route.split(' ');
  const op = doc.paths[toOpenApiPath(path)]?.[method];
  if (!op) throw new Error(`${route} is not in the OpenAPI document`);
  const content = op.responses[String(status)]?.content;
  if (!content) throw new Error(`${route} answered ${status}, which the document does not list for it`);
  const [mediaType, { schema }] = Object.entries(content)[0];
  if (!schema) throw new Error(`${route} ${status}: the document has no schema for it`);
  return { mediaType, schema };
}

async function pendingAgent(): Promise<TestAgent> {
  const agent = request.agent(t.server);
  const res = await agent.post('/api/auth/login').send({ username: 'admin', password: 'admin123' });
  expect(res.body).toEqual({ twoFactorRequired: true });
  return agent;
}

async function send(call: Call, as: Who): Promise<request.Response> {
  const [method, path] = call.route.split(' ') as ['get' | 'post' | 'put' | 'delete', string];
  const url = typeof call.url === 'function' ? call.url() : (call.url ?? path);
  const client =
    as === 'admin'
      ? admin
      : as === 'pending'
        ? await pendingAgent()
        : as === 'browser'
          ? browser
          : request(t.server);
  let req = client[method](url);
  for (const [name, value] of Object.entries(call.headers ?? {})) req = req.set(name, value);
  const body = typeof call.body === 'function' ? call.body() : call.body;
  return body === undefined ? req : req.send(body as object);
}

/** A redirect: the document lists its status with a Location header, and the answer has one. */
function redirectMismatches(route: string, res: request.Response): string[] {
  const [method, path] = route.split(' ');
  const documentedRedirect = doc.paths[toOpenApiPath(path)]?.[method]?.responses[String(res.status)];
  if (!documentedRedirect?.headers?.Location)
    return [`${route} answered ${res.status}, documented without Location`];
  return typeof res.headers.location === 'string' ? [] : [`${route} answered ${res.status} without Location`];
}

/** Why the answer does not match the document (empty when it does). */
function mismatches(route: string, res: request.Response): string[] {
  if (res.status >= 300 && res.status < 400) return redirectMismatches(route, res);
  let mediaType: string, schema: OpenApiSchema;
  try {
    ({ mediaType, schema } = documented(route, res.status));
  } catch (error) {
    return [(error as Error).message];
  }
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith(mediaType)) return [`Content-Type ${type}, documented ${mediaType}`];
  if (mediaType !== 'application/json') {
    const text = Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text;
    return schemas.errors(schema, text);
  }
  return schemas.errors(schema, res.body);
}

useStack({ youtube: { videos: 12, playlists: 3 } }, (s) => ({ t, admin } = s));
beforeAll(async () => {
  browser = request.agent(t.server);
  await t.dataSource.getRepository(WebsubIntentEntity).insert({ ...WEBSUB_ASKED, requestedAt: new Date() });
  ({ doc, schemas } = await loadOpenApi(t.server));
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 (the official JSON Schema), its schemas valid JSON Schema', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(openApiDocumentErrors(doc)).toEqual([]);
    expect(() => schemas.compileComponents(doc)).not.toThrow();
  });

  it('documents every route the app registers, and nothing else', () => {
    const routes = appRoutes(t.app).map((route) => route.replace(/:(\w+)/g, '{$1}'));
    const documentedKeys = operations(doc).map((o) => o.key);
    expect(routes.filter((r) => !documentedKeys.includes(r)).map((r) => `${r}: not documented`)).toEqual([]);
    expect(documentedKeys.filter((d) => !routes.includes(d)).map((d) => `${d}: no such route`)).toEqual([]);
  });

  it('gives every operation a success schema, a body schema where it reads one, and errors as ApiError', () => {
    const withBody = new Set(routesTakingBody(t.app).map(toOpenApiPath));
    expect(withBody.size).toBeGreaterThanOrEqual(5);
    const problems = operations(doc).flatMap(({ key, op }) => {
      const found: string[] = [];
      // A redirect (Google's way back to the dashboard) documents its Location instead of a body.
      const success = Object.entries(op.responses).filter(([status]) => /^[23]\d\d$/.test(status));
      const hasSchema = ([status, r]: [string, (typeof success)[number][1]]) =>
        status.startsWith('3')
          ? Boolean(r.headers?.Location)
          : Object.values(r.content ?? {}).some((m) => m.schema);
      if (!success.length || !success.every(hasSchema)) found.push(`${key}: no success-response schema`);
      if (withBody.has(key) && !Object.values(op.requestBody?.content ?? {}).some((m) => m.schema)) {
        found.push(`${key}: reads a body but documents no request schema`);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (/^4\d\d$/.test(status) && schema?.$ref !== '#/components/schemas/ApiErrorDto_Output') {
          found.push(`${key}: ${status} is not documented as the ApiError shape`);
        }
      }
      return found;
    });
    expect(problems).toEqual([]);
  });
});

describe('real answers match the document', () => {
  it('has a successful call (or a redirect) below for every route', () => {
    const called = new Set(CALLS.filter((c) => c.status < 400).map((c) => c.route));
    expect(
      appRoutes(t.app)
        .filter((r) => !called.has(r))
        .map((r) => `${r}: no successful call in CALLS`),
    ).toEqual([]);
  });

  it('answers every call as documented, and every admin route 401 to a visitor', async () => {
    const publicRoutes = new Set(CALLS.filter((c) => c.as !== 'admin' && c.status < 400).map((c) => c.route));
    const adminRoutes = new Set(CALLS.map((c) => c.route).filter((route) => !publicRoutes.has(route)));
    const problems: string[] = [];
    for (const route of adminRoutes) {
      const res = await send({ route, status: 401 }, 'visitor');
      if (res.status !== 401) problems.push(`${route} as a visitor: ${res.status}, expected 401`);
      else problems.push(...mismatches(route, res).map((m) => `${route} 401: ${m}`));
    }
    for (const call of CALLS) {
      const res = await send(call, call.as ?? 'visitor');
      const what = `${call.route} (${call.as ?? 'visitor'}, ${call.status})`;
      if (res.status !== call.status) {
        problems.push(`${what}: answered ${res.status} ${res.text.slice(0, 200)}`);
        continue;
      }
      problems.push(...mismatches(call.route, res).map((m) => `${what}: ${m}`));
      if (res.status < 300) calls.seen[call.route] = res.body;
    }
    expect(problems).toEqual([]);
  });

  it('asks for the session cookie exactly on the routes that answer a visitor 401', () => {
    const publicRoutes = new Set(CALLS.filter((c) => c.as !== 'admin' && c.status < 400).map((c) => c.route));
    const wrong = operations(doc)
      .map(({ key, op }) => ({ key, needsSession: JSON.stringify(op.security) === '[{"sid":[]}]' }))
      .filter(({ key, needsSession }) => needsSession === publicRoutes.has(key.replace(/\{(\w+)\}/g, ':$1')));
    expect(wrong).toEqual([]);
  });

  it('fails an answer that drifts from its contract', () => {
    const { schema } = documented('get /api/videos', 200);
    const video = (calls.seen['get /api/videos'] as Record<string, unknown>[])[0];
    expect(schemas.errors(schema, [video])).toEqual([]);
    expect(schemas.errors(schema, [{ ...video, extra: 1 }])).not.toEqual([]);
    expect(schemas.errors(schema, [{ ...video, viewCount: '12' }])).not.toEqual([]);
    const { schema: publicSettings } = documented('get /api/settings', 200);
    expect(schemas.errors(publicSettings, { siteTitle: 'x' })).not.toEqual([]);
    // One URL, one shape: an admin-only key in the public answer breaks its contract.
    const visitorView = calls.seen['get /api/settings'] as Record<string, unknown>;
    expect(schemas.errors(publicSettings, visitorView)).toEqual([]);
    expect(schemas.errors(publicSettings, { ...visitorView, contactEmail: 'owner@example.com' })).not.toEqual(
      [],
    );
  });
});
