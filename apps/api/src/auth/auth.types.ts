import type { AuthUser } from '@app/contracts';
import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** Epoch ms of the login: the session ends 24 h later whatever the activity (SPEC §9). */
    loginAt?: number;
    /**
     * Set when the password was right but two-factor sign-in is on: the session is not signed in until
     * `POST /api/auth/login/two-factor` checks a code, within TWO_FACTOR_PENDING_MS of `at`.
     */
    twoFactorPending?: { userId: number; at: number };
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends AuthUser {}
  }
}
