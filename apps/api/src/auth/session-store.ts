import { TypeormStore } from 'connect-typeorm';
import type { Request } from 'express';
import type { SessionData } from 'express-session';
import { randomBytes } from 'node:crypto';
import { In, LessThanOrEqual, type Repository } from 'typeorm';
import { SessionEntity } from './session.entity';

/** The session id express-session made for this request (a new session: first save, or after `regenerate`). */
const FRESH_SESSION_ID = Symbol('freshSessionId');
type MaybeFresh = Request & { [FRESH_SESSION_ID]?: string };

/**
 * express-session's `genid`: a random id (express-session's own 24 bytes, URL-safe base64), remembered on the
 * request as new, so the store may create its row.
 */
export function generateSessionId(req: Request): string {
  const id = randomBytes(24).toString('base64url');
  (req as MaybeFresh)[FRESH_SESSION_ID] = id;
  return id;
}

/**
 * The sessions in the database (connect-typeorm's reads), with writes that can never bring a revoked session back.
 *
 * - `set` inserts a row only for a session id made in this request (`generateSessionId`); for any other id it
 *   updates the row if it still exists and otherwise writes nothing. A request that loaded a session before the
 *   owner signed it out (logout, "sign out everywhere else", a password change) therefore cannot save it back when
 *   it ends, however slow its body was. connect-typeorm's own `set` inserts a missing row.
 * - `destroy` deletes the row before it calls back (connect-typeorm answers before its soft delete is done).
 * - `touch` writes nothing: the row's expiry is set when it is written, and a session's life is counted from its
 *   sign-in anyway (session.guard.ts), so a request that only reads its session never writes it.
 */
export class RevocableSessionStore extends TypeormStore {
  constructor(
    private readonly rows: Repository<SessionEntity>,
    private readonly ttlMs: number,
  ) {
    super({ ttl: ttlMs / 1000 });
    this.connect(rows);
    // TypeormStore defines its methods as instance properties, so these replace them here, not on the prototype.
    this.set = (sid, sess, callback) => settle(this.write(sid, sess), callback);
    this.destroy = (sid, callback) =>
      settle(this.rows.delete({ id: In(([] as string[]).concat(sid)) }), callback);
    this.touch = (_sid, _sess, callback) => callback?.();
  }

  private async write(sid: string, sess: SessionData): Promise<void> {
    const json = JSON.stringify(sess);
    const now = Date.now();
    const expiredAt = now + this.ttlMs;
    const req = (sess as SessionData & { req?: MaybeFresh }).req;
    if (req?.[FRESH_SESSION_ID] === sid) {
      delete req[FRESH_SESSION_ID];
      // A new session is a sign-in or its first step: a moment to clear out the expired ones.
      await this.rows.delete({ expiredAt: LessThanOrEqual(now) });
      await this.rows.insert({ id: sid, json, expiredAt });
      return;
    }
    await this.rows.update({ id: sid }, { json, expiredAt });
  }
}

function settle(work: Promise<unknown>, callback?: (error?: unknown) => void): void {
  work.then(
    () => callback?.(),
    (error: unknown) => callback?.(error),
  );
}
