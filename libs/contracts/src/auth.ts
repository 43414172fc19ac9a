import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;
/** SPEC §9: a session lasts at most 24 hours from login. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const loginBodySchema = z.strictObject({
  username: z.string().min(1, 'is required').max(64),
  password: z.string().min(1, 'is required').max(256),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'is required').max(256),
  newPassword: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(256, 'must be at most 256 characters'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const authUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;
