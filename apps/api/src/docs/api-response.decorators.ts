import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiBody, ApiResponse, type ApiResponseOptions } from '@nestjs/swagger';
import { apiErrorSchema } from '@app/contracts';
import type { ZodDto } from 'nestjs-zod';
import type { z } from 'zod';
import { zodDto } from './zod-dto';

/**
 * One-line OpenAPI documentation of a route's answers, generated from the contracts' zod schemas
 * (via their `createZodDto` classes; nestjs-zod turns them into components with `z.toJSONSchema`).
 * Documentation only: nothing here parses or reshapes an answer at run time.
 */

export class ApiErrorDto extends zodDto(apiErrorSchema) {}

/** The error answers a route can give, each `{ statusCode, message, error }` (ApiError). */
const ERRORS = {
  400: 'Invalid input; the message names the field',
  401: 'No live admin session (or, at login, wrong credentials)',
  403: 'A browser sent it from another origin',
  404: 'Not found (or turned off in the settings)',
  409: 'Conflicts with the current state (a sync is already running, two-factor sign-in is already on)',
  410: 'Gone: the link was revoked',
  413: 'The body is too large',
  415: 'The body is not JSON',
  429: 'Too many attempts (failed logins or codes, newsletter sign-ups); try again later',
  501: 'Not implemented (oEmbed: format=xml; only json is served)',
  502: 'YouTube failed or answered something unusable',
} as const;
export type ErrorStatus = keyof typeof ERRORS;

export function ApiErrors(...statuses: ErrorStatus[]): MethodDecorator {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: ERRORS[status], type: ApiErrorDto.Output }),
    ),
  );
}

/** A handler must return what the document promises (or nothing, when it writes `res` itself). */
interface Returning<T> {
  value?: (...args: never[]) => T | Promise<T> | void | Promise<void>;
}
type Documenting<T> = (target: object, key: string | symbol, descriptor: Returning<T>) => void;

interface JsonOptions {
  /** The success status (default 200). */
  status?: number;
  description?: string;
  errors?: readonly ErrorStatus[];
  /** Documents the body when the handler validates it itself (`@Body() body: unknown`). */
  body?: ZodDto;
  headers?: ApiResponseOptions['headers'];
}

/**
 * A JSON answer with the contract's schema (its output side: what is sent), e.g.
 * `@ApiJson(VideoDto, { errors: [401, 404] })`, or `@ApiJson([VideoDto])` for a list.
 */
export function ApiJson<S extends z.ZodType>(dto: ZodDto<S>, options?: JsonOptions): Documenting<z.output<S>>;
export function ApiJson<S extends z.ZodType>(
  dto: [ZodDto<S>],
  options?: JsonOptions,
): Documenting<z.output<S>[]>;
export function ApiJson(dto: ZodDto | [ZodDto], options: JsonOptions = {}): Documenting<unknown> {
  return applyDecorators(
    ApiResponse({
      status: options.status ?? HttpStatus.OK,
      description: options.description ?? 'OK',
      type: Array.isArray(dto) ? [dto[0].Output] : dto.Output,
      headers: options.headers,
    }),
    ...(options.body ? [ApiBody({ type: options.body })] : []),
    ApiErrors(...(options.errors ?? [])),
  );
}

/** A non-JSON answer (XML, plain text, HTML, SVG) with its media type. */
export function ApiText(
  mediaType: string,
  options: { description: string; errors?: readonly ErrorStatus[] },
): Documenting<string> {
  return applyDecorators(
    ApiResponse({
      status: HttpStatus.OK,
      description: options.description,
      content: { [mediaType]: { schema: { type: 'string' } } },
    }),
    ApiErrors(...(options.errors ?? [])),
  );
}
