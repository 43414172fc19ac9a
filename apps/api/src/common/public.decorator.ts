import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const IS_PUBLIC = 'isPublic';
/** Marks public operations for the OpenAPI document, which asks for the session on all others. */
export const PUBLIC_OPERATION_EXTENSION = 'x-public';

/**
 * Marks a route anonymous visitors may call. Every other route requires the admin session
 * (the global SessionGuard): a new route is private unless it says otherwise.
 */
export const Public = () =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_OPERATION_EXTENSION, true));
