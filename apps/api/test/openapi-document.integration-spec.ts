import {
  loadOpenApi,
  type OpenApiDocument,
  openApiDocumentErrors,
  operations,
  type SchemaValidator,
  toOpenApiPath,
} from './support/openapi';
import { appRoutes, routesTakingBody } from './support/routes';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The OpenAPI document is generated from the contracts (apps/api/src/docs, docs/api.md). This spec keeps it
 * honest: it is valid OpenAPI 3.1, and it documents every route the app registers with its request and answer
 * schemas. A new route fails here until it is documented (`@ApiJson`/`@ApiText`); that the real answers match
 * what it documents: openapi.
 */

let t: TestApp;
let doc: OpenApiDocument;
let schemas: SchemaValidator;

beforeAll(async () => {
  t = await startTestApp();
  ({ doc, schemas } = await loadOpenApi(t.server));
});
afterAll(() => t?.close());

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
