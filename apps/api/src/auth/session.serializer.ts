import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { AuthUser } from '@app/contracts';

/** The session keeps the small `{ id, username }` user; nothing secret. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  serializeUser(user: AuthUser, done: (err: Error | null, user: AuthUser) => void): void {
    done(null, { id: user.id, username: user.username });
  }

  deserializeUser(payload: AuthUser, done: (err: Error | null, user: AuthUser) => void): void {
    done(null, payload);
  }
}
