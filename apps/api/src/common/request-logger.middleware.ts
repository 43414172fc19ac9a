import { Logger } from '@nestjs/common';
import { GOOGLE_CALLBACK_PATH } from '@app/contracts';
import type { NextFunction, Request, Response } from 'express';

/** Query parameters that carry credentials on a path: logged as `hidden` (Google's authorization code and state). */
const CREDENTIAL_PARAMS: Record<string, readonly string[]> = { [GOOGLE_CALLBACK_PATH]: ['code', 'state'] };

/** The request's URL as the log shows it: credentials in its query replaced by `hidden`. */
export function loggedUrl(originalUrl: string): string {
  const [path, query] = originalUrl.split(/\?(.*)/s, 2);
  const hidden = CREDENTIAL_PARAMS[path];
  if (!hidden || query === undefined) return originalUrl;
  const params = new URLSearchParams(query);
  for (const name of hidden) if (params.has(name)) params.set(name, 'hidden');
  return `${path}?${params.toString()}`;
}

/** One line per request: method, path, status, duration. */
export function requestLogger() {
  const logger = new Logger('HTTP');
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = `${req.method} ${loggedUrl(req.originalUrl)} ${res.statusCode} ${ms.toFixed(1)}ms`;
      if (res.statusCode >= 500) logger.error(line);
      else logger.log(line);
    });
    next();
  };
}
