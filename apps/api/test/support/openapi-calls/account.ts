import { generateSync } from 'otplib';
import type { Call, CallContext } from './context';
import { SITE_HOST } from './context';

/** The calls of the admin's account: sign-in, sessions, passkeys, two-factor sign-in, the password. */

/** Health, password sign-in and the signed-in sessions. */
export const sessionCalls = (c: CallContext): Call[] => [
  { route: 'get /api/health', status: 200 },
  { route: 'post /api/auth/login', status: 200, body: { username: 'admin', password: 'admin123' } },
  { route: 'post /api/auth/login', status: 401, body: { username: 'admin', password: 'wrong-password' } },
  { route: 'post /api/auth/login', status: 400, body: { username: 'admin' } },
  { route: 'get /api/auth/me', status: 200, as: 'admin' },
  { route: 'get /api/auth/session', status: 200 },
  // The visitor's sign-in above left a second signed-in session.
  { route: 'get /api/auth/sessions', status: 200, as: 'admin' },
  {
    route: 'delete /api/auth/sessions/:id',
    status: 200,
    as: 'admin',
    url: () => `/api/auth/sessions/${c.otherSessionId()}`,
  },
  {
    route: 'delete /api/auth/sessions/:id',
    status: 404,
    as: 'admin',
    url: () => `/api/auth/sessions/${c.otherSessionId()}`,
  },
  { route: 'delete /api/auth/sessions/:id', status: 400, as: 'admin', url: '/api/auth/sessions/x' },
  { route: 'post /api/auth/sessions/revoke-others', status: 200, as: 'admin', body: {} },
];

/** A passkey registered, renamed, used to sign in, and removed. */
export const passkeyCalls = (c: CallContext): Call[] => [
  { route: 'get /api/auth/passkeys', status: 200, as: 'admin' },
  {
    route: 'post /api/auth/passkeys/register/options',
    status: 400,
    as: 'admin',
    body: { password: 'wrong-password' },
  },
  {
    route: 'post /api/auth/passkeys/register/options',
    status: 200,
    as: 'admin',
    body: { password: 'admin123' },
    headers: SITE_HOST,
  },
  {
    route: 'post /api/auth/passkeys/register',
    status: 200,
    as: 'admin',
    body: () => ({
      name: 'Laptop',
      response: c.passkey.register(c.seen['post /api/auth/passkeys/register/options'] as never),
    }),
    headers: SITE_HOST,
  },
  { route: 'post /api/auth/passkeys/register', status: 400, as: 'admin', body: { name: 'Laptop' } },
  {
    route: 'put /api/auth/passkeys/:id',
    status: 200,
    as: 'admin',
    url: () => `/api/auth/passkeys/${c.passkey.id}`,
    body: { name: 'Work laptop', password: 'admin123' },
  },
  { route: 'post /api/auth/login/passkey/options', status: 200, as: 'browser', body: {}, headers: SITE_HOST },
  {
    route: 'post /api/auth/login/passkey',
    status: 200,
    as: 'browser',
    body: () => ({
      response: c.passkey.authenticate(c.seen['post /api/auth/login/passkey/options'] as never),
    }),
    headers: SITE_HOST,
  },
  { route: 'post /api/auth/login/passkey', status: 400, body: { response: {} } },
  {
    route: 'delete /api/auth/passkeys/:id',
    status: 200,
    as: 'admin',
    url: () => `/api/auth/passkeys/${c.passkey.id}`,
    body: { password: 'admin123' },
  },
  {
    route: 'delete /api/auth/passkeys/:id',
    status: 404,
    as: 'admin',
    url: () => `/api/auth/passkeys/${c.passkey.id}`,
    body: { password: 'admin123' },
  },
];

/** Two-factor sign-in: set up, enabled, used with a recovery code, new codes, disabled. */
export const twoFactorCalls = (c: CallContext): Call[] => [
  { route: 'get /api/auth/two-factor', status: 200, as: 'admin' },
  { route: 'get /api/admin/checklist', status: 200, as: 'admin' },
  { route: 'post /api/auth/two-factor/setup', status: 200, as: 'admin' },
  {
    route: 'post /api/auth/two-factor/enable',
    status: 400,
    as: 'admin',
    body: { password: 'admin123', code: '000000' },
  },
  {
    route: 'post /api/auth/two-factor/enable',
    status: 200,
    as: 'admin',
    body: () => ({
      password: 'admin123',
      code: generateSync({
        secret: (c.seen['post /api/auth/two-factor/setup'] as { secret: string }).secret,
      }),
    }),
  },
  { route: 'post /api/auth/two-factor/setup', status: 409, as: 'admin' },
  { route: 'post /api/auth/login', status: 200, body: { username: 'admin', password: 'admin123' } },
  { route: 'post /api/auth/login/two-factor', status: 401, body: { code: '123456' } },
  {
    route: 'post /api/auth/login/two-factor',
    status: 200,
    as: 'pending',
    body: () => ({ code: c.recoveryCode('post /api/auth/two-factor/enable', 0) }),
  },
  {
    route: 'post /api/auth/two-factor/recovery-codes',
    status: 200,
    as: 'admin',
    body: () => ({ code: c.recoveryCode('post /api/auth/two-factor/enable', 1) }),
  },
  { route: 'post /api/auth/two-factor/disable', status: 400, as: 'admin', body: { password: 'admin123' } },
  {
    route: 'post /api/auth/two-factor/disable',
    status: 200,
    as: 'admin',
    body: () => ({
      password: 'admin123',
      code: c.recoveryCode('post /api/auth/two-factor/recovery-codes', 0),
    }),
  },
];

/** A sign-out from another origin (refused), and the password changed. */
export const passwordCalls: Call[] = [
  {
    route: 'post /api/auth/logout',
    status: 403,
    as: 'admin',
    headers: { Origin: 'https://elsewhere.example' },
  },
  {
    route: 'post /api/auth/change-password',
    status: 415,
    as: 'admin',
    body: 'not json',
    headers: { 'Content-Type': 'text/plain' },
  },
  {
    route: 'post /api/auth/change-password',
    status: 400,
    as: 'admin',
    body: { currentPassword: 'wrong-password', newPassword: 'long-enough' },
  },
  {
    route: 'post /api/auth/change-password',
    status: 200,
    as: 'admin',
    body: { currentPassword: 'admin123', newPassword: 'admin123' },
  },
];

/** The admin signs out. */
export const signOutCalls: Call[] = [{ route: 'post /api/auth/logout', status: 200, as: 'admin' }];
