import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';

export const DATABASE_UNAVAILABLE = 'The database is not answering; try again in a moment';

/** Connection-level failures (server down, restarting, overloaded): temporary, so 503 rather than 500. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error as { code?: string; driverError?: unknown } | undefined;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current.code && UNAVAILABLE_CODES.has(current.code)) return true;
    current = current.driverError as typeof current;
  }
  return false;
}

/** An HttpException's stable code and values (`{ message, code, values }`), for the site to translate. */
function codeOf(exception: unknown): { code?: string; values?: Record<string, string | number> } {
  if (!(exception instanceof HttpException)) return {};
  const body = exception.getResponse() as { code?: unknown; values?: unknown };
  if (typeof body !== 'object' || typeof body.code !== 'string') return {};
  return {
    code: body.code,
    ...(body.values && typeof body.values === 'object'
      ? { values: body.values as Record<string, string | number> }
      : {}),
  };
}

/** Every error answer is JSON `{ statusCode, message, error }` (docs/api.md, 'Errors'); unexpected errors are logged, not leaked. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { statusCode, message } = this.describe(exception);
    if (res.headersSent) return;
    // JSON even where the route had set its own type (an XML feed or an SVG that is turned off or missing).
    res
      .status(statusCode)
      .type('application/json')
      .json({ statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error', ...codeOf(exception) });
  }

  private describe(exception: unknown): { statusCode: number; message: string } {
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const message = Array.isArray(raw) ? raw.join('; ') : String(raw ?? exception.message);
      return { statusCode: exception.getStatus(), message };
    }
    // body-parser and other express middleware errors carry a status (400 bad JSON, 413 too large).
    const status = (exception as { status?: number; statusCode?: number })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const type = (exception as { type?: string }).type;
      const message =
        type === 'entity.too.large'
          ? 'Request body is too large'
          : type === 'entity.parse.failed'
            ? 'body: is not valid JSON'
            : (exception as Error).message;
      return { statusCode: status, message };
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`Database unavailable: ${(exception as Error).message}`);
      return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: DATABASE_UNAVAILABLE };
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
    );
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
  }
}
