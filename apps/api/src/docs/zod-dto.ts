import { createZodDto, type ZodDto } from 'nestjs-zod';
import type { z } from 'zod';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod ≥ 4.5 writes a bare nullable as `type: ["string", "null"]`, which @nestjs/swagger reads as "an array of
 * strings" (https://github.com/BenLorantfy/nestjs-zod/issues/473, fix pending in #477). Spelling it as the
 * equivalent `anyOf` before swagger sees it keeps the document right; drop this once nestjs-zod does it.
 */
function untangle(node: unknown, property: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => untangle(item, false));
  if (!isObject(node)) return node;
  const out: Json = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, untangle(value, false)]),
  );
  if (!Array.isArray(out.type)) return out;
  const { type, ...rest } = out;
  // A DTO's own properties need a `type` key for swagger; nestjs-zod removes the empty one again.
  return { ...rest, ...(property ? { type: '' } : {}), anyOf: (type as string[]).map((t) => ({ type: t })) };
}

function untangled<D extends ZodDto>(dto: D): D {
  const factory = dto._OPENAPI_METADATA_FACTORY.bind(dto);
  Object.defineProperty(dto, '_OPENAPI_METADATA_FACTORY', {
    value: () =>
      Object.fromEntries(
        Object.entries(factory() as Json).map(([key, value]) => [key, untangle(value, true)]),
      ),
  });
  return dto;
}

/**
 * `createZodDto` for the contracts' schemas: the DTO validates requests (the global pipe) and documents
 * requests and answers (`Dto.Output`) in the OpenAPI document. Use it as `class XDto extends zodDto(schema) {}`.
 */
export function zodDto<S extends z.ZodType>(schema: S): ZodDto<S> {
  const dto = untangled(createZodDto(schema));
  const output = Object.getOwnPropertyDescriptor(dto, 'Output')!.get!;
  Object.defineProperty(dto, 'Output', {
    get(this: ZodDto<S>) {
      return untangled(output.call(this) as ZodDto);
    },
  });
  return dto;
}

/**
 * The DTO of a schema TypeScript cannot `extend` (a union, a nullable), named for the document's components.
 */
export function namedZodDto<S extends z.ZodType>(name: string, schema: S): ZodDto<S> {
  const dto = zodDto(schema);
  Object.defineProperty(dto, 'name', { value: name });
  return dto;
}
