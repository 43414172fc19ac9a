import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;
/** A session lasts at most 24 hours from login. */
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
  /** Asked for (an authenticator or recovery code) while two-factor sign-in is on. */
  code: z.string().trim().max(64).optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const authUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** `GET /api/auth/session`: who is signed in, `null` when nobody is (a 200 either way: signed out is no error). */
export const authSessionSchema = z.object({ user: authUserSchema.nullable() });
export type AuthSession = z.infer<typeof authSessionSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/** A second sign-in step stays open this long after the password (then the password is asked again). */
export const TWO_FACTOR_PENDING_MS = 5 * 60 * 1000;

/** A 6-digit authenticator code, or a recovery code (spaces and dashes are ignored). */
export const twoFactorCodeSchema = z.string().trim().min(1, 'is required').max(64, 'is too long');

/** `POST /api/auth/login` while two-factor sign-in is on: the password was right, a code is needed next. */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true) });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** `POST /api/auth/login`: the admin signed in, or the challenge for the second step. */
export const loginAnswerSchema = z.union([authUserSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 while off). */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The new secret, shown once while enrolling: as a QR code (an SVG data: URL) and as text to type in. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableBodySchema = z.strictObject({
  password: z.string().min(1, 'is required').max(256),
  code: twoFactorCodeSchema,
});
export type TwoFactorEnableBody = z.infer<typeof twoFactorEnableBodySchema>;

export const twoFactorDisableBodySchema = twoFactorEnableBodySchema;
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBodySchema>;

/** The login's second step, and regenerating the recovery codes. */
export const twoFactorCodeBodySchema = z.strictObject({ code: twoFactorCodeSchema });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

/** Shown once; the server keeps only their hashes. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
