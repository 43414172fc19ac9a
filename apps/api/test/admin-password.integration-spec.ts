import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { ServerResetEntity } from '../src/auth/server-reset.entity';
import { SessionEntity } from '../src/auth/session.entity';
import { EnvError } from '../src/config/env';
import { ADMIN, sessionCookie, signedInAgent } from './support/auth';
import { startTestApp, type TestApp, usingMysql } from './support/test-app';

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: 'prod-password-1',
};

/** Starts another app on the database of `first` (a restart with other variables). */
function restart(first: TestApp & { sqlitePath?: string }, env: Record<string, string>) {
  return startTestApp({
    env,
    reuse: usingMysql() ? {} : { sqlitePath: first.sqlitePath },
    resetDatabase: false,
  });
}

describe('the admin password of a database made in development', () => {
  let dev: TestApp & { sqlitePath?: string };
  let devCookie: string;
  beforeEach(async () => {
    dev = await startTestApp();
    devCookie = sessionCookie(await request(dev.server).post('/api/auth/login').send(ADMIN).expect(200));
    await dev.app.close();
  });
  afterEach(() => dev.close().catch(() => undefined));

  it('production refuses to start while the stored admin still has the default password', async () => {
    const start = restart(dev, PRODUCTION);
    await expect(start).rejects.toThrow(EnvError);
    await expect(start).rejects.toThrow(
      'Refusing to start in production: the admin "admin" still has the default password (admin123). ' +
        'Change it in the admin dashboard outside production, or start once with ADMIN_PASSWORD_RESET=true ' +
        'to make ADMIN_PASSWORD the password (see docs/deployment.md).',
    );
  });

  it('ADMIN_PASSWORD_RESET=true makes ADMIN_PASSWORD the password and ends every session', async () => {
    const prod = await restart(dev, { ...PRODUCTION, ADMIN_PASSWORD_RESET: 'true' });
    try {
      await request(prod.server).get('/api/auth/me').set('Cookie', devCookie).expect(401);
      expect(await prod.dataSource.getRepository(SessionEntity).count()).toBe(0);
      await request(prod.server).post('/api/auth/login').send(ADMIN).expect(401);
      await signedInAgent(prod.server, { username: 'admin', password: 'prod-password-1' });
    } finally {
      await prod.app.close();
    }
    // The next production start (reset removed) finds a non-default password and starts.
    const next = await restart(dev, PRODUCTION);
    await next.app.close();
  });

  it('without the reset, ADMIN_PASSWORD does not change a stored password', async () => {
    const again = await restart(dev, { ADMIN_PASSWORD: 'another-password-1' });
    try {
      await request(again.server).get('/api/auth/me').set('Cookie', devCookie).expect(200);
      await request(again.server)
        .post('/api/auth/login')
        .send({ username: 'admin', password: 'another-password-1' })
        .expect(401);
      const agent = await signedInAgent(again.server);
      await agent
        .post('/api/auth/change-password')
        .send({ currentPassword: 'admin123', newPassword: 'changed-password-1' })
        .expect(200);
    } finally {
      await again.app.close();
    }
    // A password changed in the dashboard is not the default: production starts, and keeps it.
    const prod = await restart(dev, PRODUCTION);
    try {
      await request(prod.server)
        .post('/api/auth/login')
        .send({ username: 'admin', password: 'prod-password-1' })
        .expect(401);
      await signedInAgent(prod.server, { username: 'admin', password: 'changed-password-1' });
    } finally {
      await prod.app.close();
    }
  });

  it('ADMIN_PASSWORD_RESET left set acts once: a later start keeps the password changed since, and warns', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const RESET = { ...PRODUCTION, ADMIN_PASSWORD_RESET: 'true' };
    try {
      const first = await restart(dev, RESET);
      let ownerCookie: string;
      try {
        expect(warn).toHaveBeenCalledWith(
          'ADMIN_PASSWORD_RESET: the password of "admin" is now ADMIN_PASSWORD and every session has ended. ' +
            'Remove ADMIN_PASSWORD_RESET; later starts with it and this ADMIN_PASSWORD still set change nothing.',
        );
        // Only a hash of the value it applied is remembered.
        const [done] = await first.dataSource.getRepository(ServerResetEntity).find();
        expect(done).toMatchObject({
          name: 'ADMIN_PASSWORD_RESET',
          passwordHash: expect.stringMatching(/^\$argon2id\$/),
        });
        expect(JSON.stringify(done)).not.toContain('prod-password-1');
        // The owner signs in with it and chooses another password (the variable is forgotten).
        ownerCookie = sessionCookie(
          await request(first.server)
            .post('/api/auth/login')
            .send({ username: 'admin', password: 'prod-password-1' })
            .expect(200),
        );
        await request(first.server)
          .post('/api/auth/change-password')
          .set('Cookie', ownerCookie)
          .send({ currentPassword: 'prod-password-1', newPassword: 'changed-password-1' })
          .expect(200);
      } finally {
        await first.app.close();
      }
      warn.mockClear();

      const second = await restart(dev, RESET);
      try {
        expect(warn).toHaveBeenCalledWith(
          expect.stringMatching(
            /^ADMIN_PASSWORD_RESET is still set, but this ADMIN_PASSWORD was already applied at \d{4}-\d\d-\d\dT[\d:.]+Z: the stored password and the sessions were left alone\. Remove ADMIN_PASSWORD_RESET \(to reset again, set a different ADMIN_PASSWORD\)\.$/,
          ),
        );
        expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('is now ADMIN_PASSWORD'));
        // The owner's password and session are kept.
        await request(second.server)
          .post('/api/auth/login')
          .send({ username: 'admin', password: 'prod-password-1' })
          .expect(401);
        await request(second.server).get('/api/auth/me').set('Cookie', ownerCookie).expect(200);
        await signedInAgent(second.server, { username: 'admin', password: 'changed-password-1' });
      } finally {
        await second.app.close();
      }
      warn.mockClear();

      // A different ADMIN_PASSWORD is a new reset.
      const third = await restart(dev, { ...RESET, ADMIN_PASSWORD: 'prod-password-2' });
      try {
        expect(warn).toHaveBeenCalledWith(
          expect.stringMatching(/^ADMIN_PASSWORD_RESET: the password of "admin" is now/),
        );
        await signedInAgent(third.server, { username: 'admin', password: 'prod-password-2' });
      } finally {
        await third.app.close();
      }
    } finally {
      warn.mockRestore();
    }
  });
});
