import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { Request } from 'express';

export const IS_PUBLIC = 'isPublic';
/** Marks public operations for the OpenAPI document, which asks for the session on all others. */
export const PUBLIC_OPERATION_EXTENSION = 'x-public';

/**
 * Marks a route anonymous visitors may call. Every other route requires the admin session
 * (the global SessionGuard): a new route is private unless it says otherwise.
 */
export const Public = () =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_OPERATION_EXTENSION, true));

const publicRequests = new WeakSet<Request>();

/** Notes that a `@Public()` route (or the public cache, for one) answers this request. */
export function markPublicRoute(req: Request): void {
  publicRequests.add(req);
}

/** True when a `@Public()` route answers the request; shared caches may keep nothing else. */
export function isPublicRoute(req: Request): boolean {
  return publicRequests.has(req);
}
