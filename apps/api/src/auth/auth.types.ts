import type { AuthUser } from '@app/contracts';
import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** Epoch ms of the login: the session ends 24 h later whatever the activity. */
    loginAt?: number;
    /**
     * Set when the password was right but two-factor sign-in is on: the session is not signed in until
     * `POST /api/auth/login/two-factor` checks a code, within TWO_FACTOR_PENDING_MS of `at`.
     */
    twoFactorPending?: { userId: number; at: number };
    /** The challenge of a passkey registration or sign-in waiting for the browser's answer (5 minutes, used once). */
    webauthn?: { challenge: string; at: number; purpose: 'register' | 'login' };
    /** The signing-in browser's user agent (at most 512 characters), for the list of sessions. */
    userAgent?: string;
    /** The network the sign-in came from (common/ip-prefix.ts), never the full address. */
    ipPrefix?: string;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends AuthUser {}
  }
}
