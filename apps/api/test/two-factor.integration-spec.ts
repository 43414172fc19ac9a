import { Logger } from '@nestjs/common';
import { generateSync } from 'otplib';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { RecoveryCodeEntity } from '../src/auth/recovery-code.entity';
import { ServerResetEntity } from '../src/auth/server-reset.entity';
import { UserEntity } from '../src/auth/user.entity';
import { Clock } from '../src/common/clock';
import { ADMIN, signedInAgent } from './support/auth';
import { startTestApp, type TestApp, usingMysql } from './support/test-app';

/** Two-factor sign-in of the admin (issue #12): TOTP with replay protection, recovery codes, step-up, throttle, reset. */
describe('two-factor sign-in', () => {
  let t: TestApp & { sqlitePath?: string };
  let now: number;
  /** The authenticator app's code at the (mocked) current time. */
  const codeFor = (secret: string) => generateSync({ secret, epoch: Math.floor(now / 1000) });
  /** Moves to the next 30-second time step, where the app shows a new code. */
  const nextStep = () => {
    now += 30_000;
  };

  beforeAll(async () => {
    // TRUST_PROXY: the per-account cap test sends each request from its own address (X-Forwarded-For).
    t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    now = Date.now();
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => now);
  });
  afterAll(() => t.close());

  const users = () => t.dataSource.getRepository(UserEntity);
  const clearThrottle = () => t.dataSource.query('DELETE FROM login_throttle');

  /** Enrols through the API; answers the secret and the recovery codes. */
  async function enrol(agent: TestAgent): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { secret } = (await agent.post('/api/auth/two-factor/setup').expect(200)).body;
    nextStep();
    const res = await agent
      .post('/api/auth/two-factor/enable')
      .send({ password: ADMIN.password, code: codeFor(secret) })
      .expect(200);
    return { secret, recoveryCodes: res.body.recoveryCodes };
  }

  /** Signs in with the password (answering the challenge) and then `code`; answers the second step. */
  async function signInWithCode(
    code: string,
    expected: number,
  ): Promise<{ agent: TestAgent; res: request.Response }> {
    const agent = request.agent(t.server);
    const first = await agent.post('/api/auth/login').send(ADMIN).expect(200);
    expect(first.body).toEqual({ twoFactorRequired: true });
    const res = await agent.post('/api/auth/login/two-factor').send({ code }).expect(expected);
    return { agent, res };
  }

  async function disable(agent: TestAgent, secret: string): Promise<void> {
    nextStep();
    await agent
      .post('/api/auth/two-factor/disable')
      .send({ password: ADMIN.password, code: codeFor(secret) })
      .expect(200);
  }

  it('is off on a fresh site: the password alone signs in', async () => {
    const agent = await signedInAgent(t.server);
    expect((await agent.get('/api/auth/two-factor').expect(200)).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const res = await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
    expect(res.body).toEqual({ id: 1, username: 'admin' });
  });

  it('enrols: a QR code and the secret once, then a current code and the password turn it on', async () => {
    const agent = await signedInAgent(t.server);
    const other = await signedInAgent(t.server);
    const setup = (await agent.post('/api/auth/two-factor/setup').expect(200)).body;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    // Sealed at rest, not on until confirmed.
    let stored = await users().findOneByOrFail({ id: 1 });
    expect(stored.twoFactorPendingSecret).toMatch(/^v1\./);
    expect(stored.twoFactorPendingSecret).not.toContain(setup.secret);
    expect(stored.twoFactorSecret).toBeNull();
    await request(t.server).post('/api/auth/login').send(ADMIN).expect(200, { id: 1, username: 'admin' });

    nextStep();
    let res = await agent
      .post('/api/auth/two-factor/enable')
      .send({ password: ADMIN.password, code: '000000' })
      .expect(400);
    expect(res.body.message).toBe('code: is incorrect');
    res = await agent
      .post('/api/auth/two-factor/enable')
      .send({ password: 'not-the-password', code: codeFor(setup.secret) })
      .expect(400);
    expect(res.body.message).toBe('password: is incorrect');
    res = await agent
      .post('/api/auth/two-factor/enable')
      .send({ password: ADMIN.password, code: codeFor(setup.secret) })
      .expect(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect(new Set(res.body.recoveryCodes).size).toBe(10);

    stored = await users().findOneByOrFail({ id: 1 });
    expect(stored.twoFactorSecret).toMatch(/^v1\./);
    expect(stored.twoFactorPendingSecret).toBeNull();
    const hashes = await t.dataSource.getRepository(RecoveryCodeEntity).find();
    expect(hashes).toHaveLength(10);
    for (const { codeHash } of hashes) expect(res.body.recoveryCodes).not.toContain(codeHash);

    // The secret is never sent again; other sessions ended; a second set-up is refused.
    const status = await agent.get('/api/auth/two-factor').expect(200);
    expect(status.body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.body)).not.toContain(setup.secret);
    await other.get('/api/auth/me').expect(401);
    res = await agent.post('/api/auth/two-factor/setup').expect(409);
    expect(res.body.message).toBe('Two-factor sign-in is already on');
    await disable(agent, setup.secret);
  });

  describe('while on', () => {
    let admin: TestAgent;
    let secret: string;
    let recoveryCodes: string[];
    beforeAll(async () => {
      admin = await signedInAgent(t.server);
      ({ secret, recoveryCodes } = await enrol(admin));
    });
    afterAll(async () => {
      await clearThrottle();
      await disable(admin, secret);
    });

    it('the password alone does not sign in: the session waits for a code', async () => {
      const agent = request.agent(t.server);
      const res = await agent.post('/api/auth/login').send(ADMIN).expect(200);
      expect(res.body).toEqual({ twoFactorRequired: true });
      await agent.get('/api/auth/me').expect(401);
      await agent.get('/api/admin/settings').expect(401);
      // A wrong password still gets the generic 401, never the challenge.
      await request(t.server)
        .post('/api/auth/login')
        .send({ ...ADMIN, password: 'wrong-one' })
        .expect(401);
    });

    it('a wrong code is a 401; the right one signs in', async () => {
      nextStep();
      const agent = request.agent(t.server);
      await agent.post('/api/auth/login').send(ADMIN).expect(200, { twoFactorRequired: true });
      const wrong = codeFor(secret) === '123456' ? '654321' : '123456';
      const res = await agent.post('/api/auth/login/two-factor').send({ code: wrong }).expect(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Invalid code', error: 'Unauthorized' });
      await agent.get('/api/auth/me').expect(401);
      await agent
        .post('/api/auth/login/two-factor')
        .send({ code: codeFor(secret) })
        .expect(200, { id: 1, username: 'admin' });
      await agent.get('/api/auth/me').expect(200);
      await clearThrottle();
    });

    it('refuses a code replayed within its window, takes the next one', async () => {
      nextStep();
      const code = codeFor(secret);
      await signInWithCode(code, 200);
      const { res } = await signInWithCode(code, 401);
      expect(res.body.message).toBe('Invalid code');
      nextStep();
      await signInWithCode(codeFor(secret), 200);
    });

    it('parallel requests with one code: only one signs in', async () => {
      nextStep();
      const code = codeFor(secret);
      // Five, the throttle's points per admin and IP: each attempt takes its point before the check, so a sixth
      // at once could meet a 429 before the right code gives its point back (it did on MariaDB).
      const agents = Array.from({ length: 5 }, () => request.agent(t.server));
      for (const agent of agents) await agent.post('/api/auth/login').send(ADMIN).expect(200);
      const answers = await Promise.all(
        agents.map((agent) => agent.post('/api/auth/login/two-factor').send({ code })),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 401, 401, 401, 401]);
      await clearThrottle();
    });

    it('a recovery code works once, typed in any case with or without dashes', async () => {
      const [code] = recoveryCodes;
      const { agent } = await signInWithCode(code.toUpperCase().replace(/-/g, ' '), 200);
      await agent.get('/api/auth/me').expect(200);
      const { res } = await signInWithCode(code, 401);
      expect(res.body.message).toBe('Invalid code');
      expect((await admin.get('/api/auth/two-factor').expect(200)).body).toEqual({
        enabled: true,
        recoveryCodesLeft: 9,
      });
      await clearThrottle();
    });

    it('the second step needs a fresh password step: none, or one older than 5 minutes, is a 401', async () => {
      nextStep();
      let res = await request(t.server)
        .post('/api/auth/login/two-factor')
        .send({ code: codeFor(secret) })
        .expect(401);
      expect(res.body.message).toBe('Sign in with your username and password first');
      const agent = request.agent(t.server);
      await agent.post('/api/auth/login').send(ADMIN).expect(200);
      now += 5 * 60_000 + 1;
      res = await agent
        .post('/api/auth/login/two-factor')
        .send({ code: codeFor(secret) })
        .expect(401);
      expect(res.body.message).toBe('Sign in with your username and password first');
      await agent.get('/api/auth/me').expect(401);
      res = await agent.post('/api/auth/login/two-factor').send({}).expect(400);
      expect(res.body.message).toBe('code: Invalid input: expected string, received undefined');
    });

    it('checks at most 5 codes when 20 wrong ones arrive at once; the others get 429', async () => {
      nextStep();
      const agent = request.agent(t.server);
      await agent.post('/api/auth/login').send(ADMIN).expect(200);
      const wrong = codeFor(secret) === '111111' ? '222222' : '111111';
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => agent.post('/api/auth/login/two-factor').send({ code: wrong })),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      // Even the right code waits now, and so does a step-up of the same admin from this IP.
      const res = await agent
        .post('/api/auth/login/two-factor')
        .send({ code: codeFor(secret) })
        .expect(429);
      expect(res.body).toEqual({
        statusCode: 429,
        message: 'Too many wrong codes. Try again in 15 minutes.',
        error: 'Too Many Requests',
      });
      await admin
        .post('/api/auth/two-factor/recovery-codes')
        .send({ code: codeFor(secret) })
        .expect(429);
      await clearThrottle();
    });

    it('caps wrong codes at 10 per admin across all IPs in 15 minutes; a right code does not count', async () => {
      await clearThrottle();
      nextStep();
      const wrong = codeFor(secret) === '111111' ? '222222' : '111111';
      let ip = 0;
      /** A password step and then `code`, each sign-in from an address of its own. */
      async function fromNewIp(code: string): Promise<request.Response> {
        const agent = request.agent(t.server);
        const from = `203.0.113.${++ip}`;
        await agent
          .post('/api/auth/login')
          .set('X-Forwarded-For', from)
          .send(ADMIN)
          .expect(200, { twoFactorRequired: true });
        return agent.post('/api/auth/login/two-factor').set('X-Forwarded-For', from).send({ code });
      }
      // 9 wrong codes, each from another address (none reaches its per-IP limit of 5)…
      for (let i = 0; i < 9; i++) expect((await fromNewIp(wrong)).status).toBe(401);
      // …a right one still signs in and gives its point back…
      expect((await fromNewIp(codeFor(secret))).status).toBe(200);
      // …so the 10th wrong one is checked, and after it 20 at once from 20 more addresses are all refused.
      expect((await fromNewIp(wrong)).status).toBe(401);
      const agents = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const agent = request.agent(t.server);
          const from = `203.0.113.${++ip}`;
          await agent.post('/api/auth/login').set('X-Forwarded-For', from).send(ADMIN).expect(200);
          return { agent, from };
        }),
      );
      const answers = await Promise.all(
        agents.map(({ agent, from }) =>
          agent.post('/api/auth/login/two-factor').set('X-Forwarded-For', from).send({ code: wrong }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(20).fill(429));
      expect(answers[0].body).toEqual({
        statusCode: 429,
        message: 'Too many wrong codes for this account. Try again in 15 minutes.',
        error: 'Too Many Requests',
      });
      // The right code waits too, from a new address and for a step-up of the signed-in admin.
      nextStep();
      expect((await fromNewIp(codeFor(secret))).status).toBe(429);
      await admin
        .post('/api/auth/two-factor/recovery-codes')
        .send({ code: codeFor(secret) })
        .expect(429);
      await clearThrottle();
    });

    it('checks at most 10 codes for the admin when 30 wrong ones arrive at once from 30 addresses', async () => {
      nextStep();
      const wrong = codeFor(secret) === '111111' ? '222222' : '111111';
      const agents = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const agent = request.agent(t.server);
          const from = `198.51.100.${i + 1}`;
          await agent.post('/api/auth/login').set('X-Forwarded-For', from).send(ADMIN).expect(200);
          return { agent, from };
        }),
      );
      const answers = await Promise.all(
        agents.map(({ agent, from }) =>
          agent.post('/api/auth/login/two-factor').set('X-Forwarded-For', from).send({ code: wrong }),
        ),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
      await clearThrottle();
    });

    it('changing the password needs a current code too (step-up)', async () => {
      const NEW = 'a-much-better-password';
      let res = await admin
        .post('/api/auth/change-password')
        .send({ currentPassword: ADMIN.password, newPassword: NEW })
        .expect(400);
      expect(res.body.message).toBe('code: is required');
      res = await admin
        .post('/api/auth/change-password')
        .send({ currentPassword: ADMIN.password, newPassword: NEW, code: '000000' })
        .expect(400);
      expect(res.body.message).toBe('code: is incorrect');
      nextStep();
      await admin
        .post('/api/auth/change-password')
        .send({ currentPassword: ADMIN.password, newPassword: NEW, code: codeFor(secret) })
        .expect(200);
      nextStep();
      await admin
        .post('/api/auth/change-password')
        .send({ currentPassword: NEW, newPassword: ADMIN.password, code: codeFor(secret) })
        .expect(200);
      await clearThrottle();
    });

    it('regenerating the recovery codes needs a code; the old ones stop working', async () => {
      let res = await admin.post('/api/auth/two-factor/recovery-codes').send({ code: '000000' }).expect(400);
      expect(res.body.message).toBe('code: is incorrect');
      nextStep();
      res = await admin
        .post('/api/auth/two-factor/recovery-codes')
        .send({ code: codeFor(secret) })
        .expect(200);
      expect(res.body.recoveryCodes).toHaveLength(10);
      await signInWithCode(recoveryCodes[1], 401);
      await signInWithCode(res.body.recoveryCodes[0], 200);
      recoveryCodes = res.body.recoveryCodes.slice(1);
      await clearThrottle();
    });

    it('turning it off needs the password and a code', async () => {
      nextStep();
      let res = await admin
        .post('/api/auth/two-factor/disable')
        .send({ password: ADMIN.password, code: '000000' })
        .expect(400);
      expect(res.body.message).toBe('code: is incorrect');
      res = await admin
        .post('/api/auth/two-factor/disable')
        .send({ password: 'not-the-password', code: codeFor(secret) })
        .expect(400);
      expect(res.body.message).toBe('password: is incorrect');
      res = await admin.post('/api/auth/two-factor/disable').send({ password: ADMIN.password }).expect(400);
      expect(res.body.message).toBe('code: Invalid input: expected string, received undefined');
      await disable(admin, secret);
      await request(t.server).post('/api/auth/login').send(ADMIN).expect(200, { id: 1, username: 'admin' });
      expect(await t.dataSource.getRepository(RecoveryCodeEntity).count()).toBe(0);
      ({ secret, recoveryCodes } = await enrol(admin));
    });
  });
});

describe('ADMIN_RESET_2FA', () => {
  /** Starts an app on the database of `first` (a restart), with these variables. */
  const restart = (first: { sqlitePath?: string }, env: Record<string, string> = {}) =>
    startTestApp({ reuse: usingMysql() ? {} : { sqlitePath: first.sqlitePath }, resetDatabase: false, env });

  async function enrolWithCurrentCode(server: unknown): Promise<void> {
    const agent = await signedInAgent(server);
    const { secret } = (await agent.post('/api/auth/two-factor/setup').expect(200)).body;
    await agent
      .post('/api/auth/two-factor/enable')
      .send({ password: ADMIN.password, code: generateSync({ secret }) })
      .expect(200);
    await request(server as Parameters<typeof request>[0])
      .post('/api/auth/login')
      .send(ADMIN)
      .expect(200, { twoFactorRequired: true });
  }

  it('turns two-factor sign-in off on the first start with it; a later start with it still set keeps a new enrolment and warns', async () => {
    const first = await startTestApp();
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      await enrolWithCurrentCode(first.server);
      await first.app.close();

      const second = await restart(first, { ADMIN_RESET_2FA: 'true' });
      try {
        expect(warn).toHaveBeenCalledWith(
          'ADMIN_RESET_2FA: two-factor sign-in turned off for "admin". Remove ADMIN_RESET_2FA and enrol again.',
        );
        await request(second.server)
          .post('/api/auth/login')
          .send(ADMIN)
          .expect(200, { id: 1, username: 'admin' });
        expect(await second.dataSource.getRepository(RecoveryCodeEntity).count()).toBe(0);
        // The owner enrols the new phone but forgets the variable.
        await enrolWithCurrentCode(second.server);
      } finally {
        await second.app.close();
      }
      warn.mockClear();

      const third = await restart(first, { ADMIN_RESET_2FA: 'true' });
      try {
        expect(warn).toHaveBeenCalledWith(
          expect.stringMatching(
            /^ADMIN_RESET_2FA is still set, but two-factor sign-in was already reset at \d{4}-\d\d-\d\dT[\d:.]+Z: it was left alone \(an enrolment since then stays on\)\. Remove ADMIN_RESET_2FA \(to reset again, start once without it first\)\.$/,
          ),
        );
        expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('turned off'));
        await request(third.server)
          .post('/api/auth/login')
          .send(ADMIN)
          .expect(200, { twoFactorRequired: true });
        expect(await third.dataSource.getRepository(RecoveryCodeEntity).count()).toBe(10);
      } finally {
        await third.app.close();
      }

      // A start without the variable forgets the reset: the next time it is set, it resets again.
      const fourth = await restart(first);
      try {
        expect(await fourth.dataSource.getRepository(ServerResetEntity).count()).toBe(0);
        await request(fourth.server)
          .post('/api/auth/login')
          .send(ADMIN)
          .expect(200, { twoFactorRequired: true });
      } finally {
        await fourth.app.close();
      }
      warn.mockClear();
      const fifth = await restart(first, { ADMIN_RESET_2FA: 'true' });
      try {
        expect(warn).toHaveBeenCalledWith(
          'ADMIN_RESET_2FA: two-factor sign-in turned off for "admin". Remove ADMIN_RESET_2FA and enrol again.',
        );
        await request(fifth.server)
          .post('/api/auth/login')
          .send(ADMIN)
          .expect(200, { id: 1, username: 'admin' });
      } finally {
        await fifth.close();
      }
    } finally {
      warn.mockRestore();
      await first.close().catch(() => undefined);
    }
  });
});
