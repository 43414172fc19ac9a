import type { INestApplication } from '@nestjs/common';
import { SESSION_LIFETIME_MS } from '@app/contracts';
import { TypeormStore } from 'connect-typeorm';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import passport from 'passport';
import { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import { SessionEntity } from './session.entity';

export const SESSION_COOKIE = 'sid';
/** Used only outside production, where SESSION_SECRET may be unset (production refuses to start without one). */
const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-set-SESSION_SECRET';

/** express-session with the sessions in the database (they survive restarts and are shared by every API process), then passport. */
export function sessionMiddleware(app: INestApplication, env: Env): RequestHandler[] {
  const dataSource = app.get(DataSource);
  const store = new TypeormStore({
    cleanupLimit: 2,
    // MySQL cannot LIMIT inside an IN (subquery).
    limitSubquery: dataSource.options.type !== 'mysql',
    ttl: SESSION_LIFETIME_MS / 1000,
  }).connect(dataSource.getRepository(SessionEntity));

  const noStoreForAdmin = (req: Request, res: Response, next: NextFunction) => {
    if (req.user) res.setHeader('Cache-Control', 'no-store');
    next();
  };

  return [
    session({
      name: SESSION_COOKIE,
      secret: env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
      store,
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
