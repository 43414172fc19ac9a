import request from 'supertest';
import type { AddressInfo } from 'node:net';
import { Clock } from '../src/common/clock';
import { SessionEntity } from '../src/auth/session.entity';
import { UserEntity } from '../src/auth/user.entity';
import { ADMIN, sessionCookie, signedInAgent } from './support/auth';
import { startTestApp, type TestApp, usingMysql } from './support/test-app';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('login', () => {
    it('creates the admin with an argon2id hash on first start', async () => {
      const user = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ username: 'admin' });
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('GET /api/auth/me is 401 without a session', async () => {
      const res = await request(t.server).get('/api/auth/me').expect(401);
      expect(res.body).toEqual({
        statusCode: 401,
        message: 'Authentication required',
        error: 'Unauthorized',
      });
    });

    it('GET /api/auth/session answers 200 with no user to a visitor (signed out is no error), and the admin to a session', async () => {
      const visitor = await request(t.server).get('/api/auth/session').expect(200);
      expect(visitor.body).toEqual({ user: null });
      expect(visitor.headers['cache-control']).toBe('no-store');
      const login = await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
      const signedIn = await request(t.server)
        .get('/api/auth/session')
        .set('Cookie', sessionCookie(login))
        .expect(200);
      expect(signedIn.body).toEqual({ user: { id: login.body.id, username: 'admin' } });
      expect(signedIn.headers['cache-control']).toBe('no-store');
    });

    it('logs in, sets an HttpOnly SameSite=Lax cookie and answers who is signed in', async () => {
      const res = await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
      expect(res.body).toEqual({ id: expect.any(Number), username: 'admin' });
      const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('sid='))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Expires=/);
      const me = await request(t.server).get('/api/auth/me').set('Cookie', sessionCookie(res)).expect(200);
      expect(me.body).toEqual({ id: res.body.id, username: 'admin' });
      expect(me.headers['cache-control']).toBe('no-store');
    });

    it('answers a wrong password or an unknown user with the same generic 401', async () => {
      for (const body of [
        { username: 'admin', password: 'wrong-password' },
        { username: 'nobody', password: 'admin123' },
      ]) {
        const res = await request(t.server).post('/api/auth/login').send(body).expect(401);
        expect(res.body).toEqual({
          statusCode: 401,
          message: 'Invalid username or password',
          error: 'Unauthorized',
        });
      }
    });

    it('rejects a bad body with a 400 naming the field', async () => {
      let res = await request(t.server).post('/api/auth/login').send({ username: 'admin' }).expect(400);
      expect(res.body.message).toBe('password: Invalid input: expected string, received undefined');
      res = await request(t.server)
        .post('/api/auth/login')
        .send({ ...ADMIN, extra: 1 })
        .expect(400);
      expect(res.body.message).toBe('extra: is not allowed');
      res = await request(t.server).post('/api/auth/login').send({ username: '', password: 'x' }).expect(400);
      expect(res.body.message).toBe('username: is required');
    });

    it('regenerates the session id on login', async () => {
      const first = await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
      const second = await request(t.server)
        .post('/api/auth/login')
        .set('Cookie', sessionCookie(first))
        .send(ADMIN)
        .expect(200);
      expect(sessionCookie(second)).not.toBe(sessionCookie(first));
      await request(t.server).get('/api/auth/me').set('Cookie', sessionCookie(first)).expect(401);
      await request(t.server).get('/api/auth/me').set('Cookie', sessionCookie(second)).expect(200);
    });
  });

  describe('logout', () => {
    it('destroys the session on the server: replaying the old cookie gets 401', async () => {
      const login = await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
      const cookie = sessionCookie(login);
      const res = await request(t.server).post('/api/auth/logout').set('Cookie', cookie).expect(200);
      expect(res.body).toEqual({ ok: true });
      await request(t.server).get('/api/auth/me').set('Cookie', cookie).expect(401);
      await request(t.server).post('/api/auth/logout').set('Cookie', cookie).expect(401);
    });
  });

  describe('session lifetime', () => {
    afterEach(() => jest.restoreAllMocks());

    it('ends a session 24 hours after login, however active it was', async () => {
      const clock = t.app.get(Clock);
      const start = Date.now();
      jest.spyOn(clock, 'now').mockReturnValue(start);
      const agent = await signedInAgent(t.server);
      jest.spyOn(clock, 'now').mockReturnValue(start + 23 * 3_600_000);
      await agent.get('/api/auth/me').expect(200);
      jest.spyOn(clock, 'now').mockReturnValue(start + 24 * 3_600_000);
      await agent.get('/api/auth/me').expect(401);
      jest.spyOn(clock, 'now').mockReturnValue(start);
      await agent.get('/api/auth/me').expect(401);
    });
  });

  describe('change password', () => {
    const NEW = 'a-much-better-password';
    afterAll(async () => {
      // Put the default back for the suites that follow.
      const agent = await signedInAgent(t.server, { username: 'admin', password: NEW });
      await agent
        .post('/api/auth/change-password')
        .send({ currentPassword: NEW, newPassword: ADMIN.password })
        .expect(200);
    });

    it('is refused without a session', async () => {
      await request(t.server)
        .post('/api/auth/change-password')
        .send({ currentPassword: ADMIN.password, newPassword: NEW })
        .expect(401);
    });

    it('validates the body and the current password, changing nothing on error', async () => {
      const agent = await signedInAgent(t.server);
      let res = await agent
        .post('/api/auth/change-password')
        .send({ currentPassword: ADMIN.password, newPassword: 'short' })
        .expect(400);
      expect(res.body.message).toBe('newPassword: must be at least 8 characters');
      res = await agent.post('/api/auth/change-password').send({ newPassword: NEW }).expect(400);
      expect(res.body.message).toBe('currentPassword: Invalid input: expected string, received undefined');
      res = await agent
        .post('/api/auth/change-password')
        .send({ currentPassword: 'not-the-password', newPassword: NEW })
        .expect(400);
      expect(res.body.message).toBe('currentPassword: is incorrect');
      await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
    });

    it('changes the password and ends every other session of the admin', async () => {
      const keeper = await signedInAgent(t.server);
      const other = await signedInAgent(t.server);
      await keeper
        .post('/api/auth/change-password')
        .send({ currentPassword: ADMIN.password, newPassword: NEW })
        .expect(200);
      await keeper.get('/api/auth/me').expect(200);
      await other.get('/api/auth/me').expect(401);
      expect(await t.dataSource.getRepository(SessionEntity).count()).toBe(1);
      await request(t.server).post('/api/auth/login').send(ADMIN).expect(401);
      await request(t.server).post('/api/auth/login').send({ username: 'admin', password: NEW }).expect(200);
    });
  });

  describe('throttling', () => {
    it('answers 429 after 5 failures in 15 minutes for that IP and username, even with the right password', async () => {
      const body = { username: 'throttled', password: 'wrong-password' };
      for (let i = 0; i < 5; i++) await request(t.server).post('/api/auth/login').send(body).expect(401);
      const res = await request(t.server).post('/api/auth/login').send(body).expect(429);
      expect(res.body.message).toBe('Too many failed login attempts. Try again in 15 minutes.');
      // Another username from the same IP is not affected.
      await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
    });

    it('counts failures per username case-insensitively and resets them on success', async () => {
      for (let i = 0; i < 4; i++) {
        await request(t.server)
          .post('/api/auth/login')
          .send({ username: 'ADMIN', password: 'nope-nope' })
          .expect(401);
      }
      await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
      await request(t.server)
        .post('/api/auth/login')
        .send({ username: 'admin', password: 'nope-nope' })
        .expect(401);
      await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
    });

    it('checks at most 5 passwords when 40 wrong ones arrive at once; the others get 429', async () => {
      const body = { username: 'parallel', password: 'wrong-password' };
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => request(t.server).post('/api/auth/login').send(body)),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
      await request(t.server).post('/api/auth/login').send(body).expect(429);
    });

    it('throttles wrong current passwords of change-password per admin and IP, even when they arrive at once', async () => {
      const agent = await signedInAgent(t.server);
      const wrong = { currentPassword: 'not-the-password', newPassword: 'a-much-better-password' };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => agent.post('/api/auth/change-password').send(wrong)),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 400)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      expect(answers.find((res) => res.status === 400)!.body.message).toBe('currentPassword: is incorrect');
      const res = await agent
        .post('/api/auth/change-password')
        .send({ ...wrong, currentPassword: ADMIN.password })
        .expect(429);
      expect(res.body).toEqual({
        statusCode: 429,
        message: 'Too many wrong current passwords. Try again in 15 minutes.',
        error: 'Too Many Requests',
      });
      // Nothing changed, and signing in (a different counter) still works.
      await agent.get('/api/auth/me').expect(200);
      await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
    });
  });
});

describe('sessions across a restart', () => {
  it('a session made before an API restart still works after it', async () => {
    const first = await startTestApp();
    const login = await request(first.server).post('/api/auth/login').send(ADMIN).expect(200);
    const cookie = sessionCookie(login);
    await first.app.close();
    const second = await startTestApp({
      reuse: usingMysql() ? {} : { sqlitePath: first.sqlitePath },
      resetDatabase: false,
    });
    try {
      await request(second.server).get('/api/auth/me').set('Cookie', cookie).expect(200);
    } finally {
      await second.close();
      await first.close().catch(() => undefined);
    }
  });
});

describe('throttling across API processes', () => {
  it('two API processes on the same database check 5 of 40 parallel wrong passwords between them', async () => {
    const first = await startTestApp();
    const second = await startTestApp({
      reuse: usingMysql() ? {} : { sqlitePath: first.sqlitePath },
      resetDatabase: false,
    });
    try {
      const body = { username: 'admin', password: 'wrong-password' };
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          request((i % 2 ? first : second).server)
            .post('/api/auth/login')
            .send(body),
        ),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
      await request(first.server).post('/api/auth/login').send(ADMIN).expect(429);
      await request(second.server).post('/api/auth/login').send(ADMIN).expect(429);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('login over a real connection (integration)', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await startTestApp();
    await new Promise<void>((listening) => t.server.listen(0, '127.0.0.1', listening));
    origin = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  // express-session holds back only the last byte of an answer while it saves; the login's session
  // (with loginAt) must be stored before any of the answer leaves, or the next call is refused.
  it('has stored the session when the answer starts: a client acting on the headers alone is signed in', async () => {
    for (let i = 0; i < 10; i++) {
      const login = await fetch(`${origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
      const cookie = sessionCookie({ headers: { 'set-cookie': login.headers.getSetCookie() } });
      const me = await fetch(`${origin}/api/auth/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      await Promise.all([login.text(), me.text()]);
    }
  });
});
