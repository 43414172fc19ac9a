import { BadRequestException } from '@nestjs/common';
import { isValidHost, isValidProtocol } from '@app/contracts';
import type { NextFunction, Request, Response } from 'express';

export const INVALID_HOST = 'Host: must be a host name or address, with an optional port';
export const INVALID_PROTO = 'X-Forwarded-Proto: must be http or https';

/**
 * The host and scheme a request names (Host, or X-Forwarded-Host/-Proto from a trusted proxy) go
 * into links and the same-origin check: a value no URL can hold is a 400 here, before anything
 * builds a link from it (and fails with a 500). A request with no host at all passes (HTTP/1.0).
 */
export function validHost() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const host = req.host;
    if (host !== undefined && !isValidHost(host)) return next(new BadRequestException(INVALID_HOST));
    if (!isValidProtocol(req.protocol)) return next(new BadRequestException(INVALID_PROTO));
    next();
  };
}
