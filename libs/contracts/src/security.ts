import { z } from 'zod';

/**
 * One of the admin's signed-in sessions (Settings → Security). `id` is a digest of the session id, never the
 * id itself (the cookie's value); `ipPrefix` is the network the sign-in came from, never the full address.
 */
export const adminSessionSchema = z.object({
  id: z.string(),
  /** The browser and system parsed from the user agent, e.g. `Chrome 131 on macOS`. */
  device: z.string(),
  ipPrefix: z.string(),
  signedInAt: z.string(),
  /** The last request of that session (to the minute), or the sign-in. */
  lastSeenAt: z.string(),
  /** The session that asks. */
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminSessionsSchema = z.object({ sessions: z.array(adminSessionSchema) });
export type AdminSessions = z.infer<typeof adminSessionsSchema>;

/** `POST /api/auth/sessions/revoke-others`: how many sessions were signed out. */
export const revokedSessionsSchema = z.object({ revoked: z.number().int().nonnegative() });
export type RevokedSessions = z.infer<typeof revokedSessionsSchema>;

/** A session's public id: the digest `GET /api/auth/sessions` gives (hex). */
export const sessionIdParamSchema = z.string().regex(/^[0-9a-f]{32}$/, 'is not a session id');

/** What the audit log records (docs/security.md, "Audit log"). */
export const auditActions = [
  'sign-in',
  'sign-in-failed',
  'two-factor-enabled',
  'two-factor-disabled',
  'recovery-codes-regenerated',
  'passkey-added',
  'passkey-renamed',
  'passkey-removed',
  'password-changed',
  'session-revoked',
  'other-sessions-revoked',
  'setting-changed',
  'backup-imported',
  'backup-exported',
  'youtube-synced',
  'subscriber-deleted',
  'google-connected',
  'google-disconnected',
  'google-reconnect-needed',
  'report-link-created',
  'report-link-revoked',
  'transcript-uploaded',
  'transcript-deleted',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The dashboard's words for each action. */
export const auditActionLabels: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'two-factor-enabled': 'Two-factor sign-in turned on',
  'two-factor-disabled': 'Two-factor sign-in turned off',
  'recovery-codes-regenerated': 'New recovery codes',
  'passkey-added': 'Passkey added',
  'passkey-renamed': 'Passkey renamed',
  'passkey-removed': 'Passkey removed',
  'password-changed': 'Password changed',
  'session-revoked': 'Session signed out',
  'other-sessions-revoked': 'Other sessions signed out',
  'setting-changed': 'Setting changed',
  'backup-imported': 'Backup imported',
  'backup-exported': 'Backup exported',
  'youtube-synced': 'YouTube sync',
  'subscriber-deleted': 'Subscriber deleted',
  'google-connected': 'Google account connected',
  'google-disconnected': 'Google account disconnected',
  'google-reconnect-needed': 'Google account needs reconnecting',
  'report-link-created': 'Sponsor report link created',
  'report-link-revoked': 'Sponsor report link revoked',
  'transcript-uploaded': 'Transcript uploaded',
  'transcript-deleted': 'Transcript deleted',
};

/** Entries older than this are deleted (docs/security.md). */
export const AUDIT_RETENTION_DAYS = 180;
/** At most this many entries are kept: the oldest failed sign-ins go first, then the oldest of the rest (docs/security.md). */
export const AUDIT_MAX_EVENTS = 10_000;
/** Entries per page of `GET /api/admin/audit`. */
export const AUDIT_PAGE_SIZE = 50;

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(auditActions),
  /** The admin's username; for a failed sign-in, the name that was tried; `system` for the server itself. */
  actor: z.string(),
  /** Where from: the IP prefix (`203.0.113.0/24`, `2001:db8:1::/48`), '' when not from a request. */
  ipPrefix: z.string(),
  /** What changed, e.g. `siteTitle: "Old" → "New"` (secrets masked). */
  detail: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

/** The filters of `GET /api/admin/audit` and `GET /api/admin/audit.csv`. */
export const auditQuerySchema = z.strictObject({
  action: z.enum(auditActions).optional(),
  /** First day shown (UTC), inclusive. */
  from: isoDay.optional(),
  /** Last day shown (UTC), inclusive. */
  to: isoDay.optional(),
  /** Paging: entries with a smaller id than this (the previous page's `nextBefore`). */
  before: z.coerce.number().int().positive().optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A passkey's name, as the admin gives it (`Laptop`, `YubiKey`). */
export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'must be at most 64 characters');

/** One of the admin's passkeys (WebAuthn credentials); the key itself never leaves the server. */
export const passkeySchema = z.object({
  /** The credential id (base64url). */
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeysSchema = z.object({ passkeys: z.array(passkeySchema) });
export type Passkeys = z.infer<typeof passkeysSchema>;

/** A credential id in a path: base64url. */
export const passkeyIdParamSchema = z.string().regex(/^[A-Za-z0-9_-]{16,1364}$/, 'is not a passkey id');

/**
 * The step-up a sensitive change of the ways to sign in asks for: the password, and a code (authenticator or
 * recovery) while two-factor sign-in is on.
 */
export const stepUpBodySchema = z.strictObject({
  password: z.string({ error: 'is required' }).min(1, 'is required').max(256),
  code: z.string().trim().max(64).optional(),
});
export type StepUpBody = z.infer<typeof stepUpBodySchema>;

/** `POST /api/auth/passkeys/register/options`: adding a way to sign in asks the step-up. */
export const passkeyRegisterOptionsBodySchema = stepUpBodySchema;
export type PasskeyRegisterOptionsBody = StepUpBody;

/**
 * What the browser's WebAuthn call answered (`@simplewebauthn/browser`'s JSON), checked in depth by
 * `@simplewebauthn/server`; here only its shape and size.
 */
const webAuthnResponseSchema = z
  .looseObject({
    id: z.string().max(1364),
    rawId: z.string().max(1364),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().max(4096) }),
  })
  .refine((value) => JSON.stringify(value).length <= 32_768, 'is too large');

export const passkeyRegisterBodySchema = z.strictObject({
  name: passkeyNameSchema,
  response: webAuthnResponseSchema,
});
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBodySchema>;

/** `PUT /api/auth/passkeys/:id`: the new name, and the step-up (a passkey is a way to sign in). */
export const passkeyRenameBodySchema = stepUpBodySchema.extend({ name: passkeyNameSchema });
export type PasskeyRenameBody = z.infer<typeof passkeyRenameBodySchema>;

/** `DELETE /api/auth/passkeys/:id`: the step-up. */
export const passkeyRemoveBodySchema = stepUpBodySchema;
export type PasskeyRemoveBody = StepUpBody;

export const passkeyLoginBodySchema = z.strictObject({ response: webAuthnResponseSchema });
export type PasskeyLoginBody = z.infer<typeof passkeyLoginBodySchema>;

/**
 * The options for the browser's `navigator.credentials.create`/`get` (WebAuthn JSON, as
 * `@simplewebauthn/server` makes them): handed to `@simplewebauthn/browser` as they are.
 */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebAuthnOptions = z.infer<typeof webAuthnOptionsSchema>;
