import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SESSION_LIFETIME_MS } from '@app/contracts';
import type { Request } from 'express';
import { Clock } from '../common/clock';
import { IS_PUBLIC, markPublicRoute } from '../common/public.decorator';
import { SessionsService } from './sessions.service';

export const AUTH_REQUIRED = 'Authentication required';

/**
 * True when express-session found a stored session for the request's cookie and passport put its admin on
 * the request (live or expired). Decided from the parsed cookie, so `sid =x` counts as much as `sid=x`.
 */
export function hasResolvedSession(req: Request): boolean {
  return req.user !== undefined;
}

/** True when the request carries a live admin session (at most 24 h old). */
export function hasLiveSession(req: Request, now: number): boolean {
  const loginAt = req.session?.loginAt;
  return Boolean(req.user && typeof loginAt === 'number' && now - loginAt < SESSION_LIFETIME_MS);
}

/** Global guard: every route needs the admin session unless it is marked `@Public()`. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly clock: Clock,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context.switchToHttp().getRequest<Request>();
    if (isPublic) {
      markPublicRoute(req);
      return true;
    }
    if (hasLiveSession(req, this.clock.now())) {
      await this.sessions.touch(req.sessionID);
      return true;
    }
    if (req.user && req.session) {
      // Expired: end it on the server too.
      await new Promise<void>((resolve, reject) =>
        req.session.destroy((error) => (error ? reject(error) : resolve())),
      );
    }
    throw new UnauthorizedException(AUTH_REQUIRED);
  }
}
