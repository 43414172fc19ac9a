import type { AuthUser } from '@app/contracts';
import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** Epoch ms of the login: the session ends 24 h later whatever the activity (SPEC §9). */
    loginAt?: number;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends AuthUser {}
  }
}
