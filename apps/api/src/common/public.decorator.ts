import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/**
 * Marks a route anonymous visitors may call. Every other route requires the admin session
 * (the global SessionGuard): a new route is private unless it says otherwise.
 */
export const Public = () => SetMetadata(IS_PUBLIC, true);
