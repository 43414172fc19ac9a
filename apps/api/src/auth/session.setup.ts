import type { INestApplication } from '@nestjs/common';
import { SESSION_COOKIE } from '@app/node-server';
import { SESSION_LIFETIME_MS } from '@app/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import passport from 'passport';
import { DataSource } from 'typeorm';
import { ipPrefix } from '../common/ip-prefix';
import type { Env } from '../config/env';
import { SECRET_KEYS, type SecretKeys } from '../config/secret-keys';
import { SessionEntity } from './session.entity';
import { generateSessionId, RevocableSessionStore } from './session-store';

export { SESSION_COOKIE };

/** express-session with the sessions in the database (they survive restarts and are shared by every API process), then passport. */
export function sessionMiddleware(app: INestApplication, env: Env): RequestHandler[] {
  const store = new RevocableSessionStore(
    app.get(DataSource).getRepository(SessionEntity),
    SESSION_LIFETIME_MS,
  );

  const noStoreForAdmin = (req: Request, res: Response, next: NextFunction) => {
    if (req.user) res.setHeader('Cache-Control', 'no-store');
    next();
  };

  return [
    session({
      name: SESSION_COOKIE,
      secret: app.get<SecretKeys>(SECRET_KEYS).cookie,
      store,
      genid: generateSessionId,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      proxy: env.TRUST_PROXY,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_LIFETIME_MS, path: '/' },
    }),
    passport.initialize(),
    passport.session(),
    noStoreForAdmin,
  ];
}

/**
 * Marks when the admin signed in (and from which browser and network, for the list of sessions) and stores the session before the answer goes out. express-session
 * would save it while holding back only the answer's last byte, so a client acting on the headers
 * alone could call again before the stored session has `loginAt`, and be refused (MySQL showed it).
 */
export async function stampLogin(req: Request, now: number): Promise<void> {
  req.session.loginAt = now;
  req.session.userAgent = (req.get('user-agent') ?? '').slice(0, 512);
  req.session.ipPrefix = ipPrefix(req.ip);
  await new Promise<void>((resolve, reject) =>
    req.session.save((error) => (error ? reject(error) : resolve())),
  );
}
