import { Logger } from '@nestjs/common';
import { generateSync } from 'otplib';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { Clock } from '../src/common/clock';
import { ADMIN } from './support/auth';
import { SoftAuthenticator } from './support/soft-authenticator';
import { startTestApp, type TestApp, usingMysql } from './support/test-app';

const SITE = 'https://site.example';

/** Passkeys (issue 25): register, name, remove; sign in without a password, or as the second step. */
describe('passkeys', () => {
  let t: TestApp;
  let admin: TestAgent;
  let now: number;

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: SITE } });
    now = Date.now();
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => now);
    admin = request.agent(t.server);
    await admin.post('/api/auth/login').send(ADMIN).expect(200);
  });
  afterAll(() => t.close());

  async function register(key: SoftAuthenticator, name: string, agent = admin) {
    now += 1000; // listed oldest first
    const options = (
      await agent.post('/api/auth/passkeys/register/options').send({ password: ADMIN.password }).expect(200)
    ).body;
    return agent.post('/api/auth/passkeys/register').send({ name, response: key.register(options) });
  }

  async function signInWith(key: SoftAuthenticator, agent = request.agent(t.server), origin?: string) {
    const options = (await agent.post('/api/auth/login/passkey/options').send({}).expect(200)).body;
    const res = await agent
      .post('/api/auth/login/passkey')
      .send({ response: key.authenticate(options, origin) });
    return { agent, res, options };
  }

  const laptop = new SoftAuthenticator(SITE);
  const yubikey = new SoftAuthenticator(SITE);

  it('registers several passkeys for the site’s origin, after the password', async () => {
    expect(
      (await admin.post('/api/auth/passkeys/register/options').send({ password: 'wrong-one' }).expect(400))
        .body.message,
    ).toBe('password: is incorrect');

    const options = (
      await admin.post('/api/auth/passkeys/register/options').send({ password: ADMIN.password }).expect(200)
    ).body;
    expect(options.rp).toEqual({ id: 'site.example', name: expect.any(String) });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });

    now += 1000;
    const added = await admin
      .post('/api/auth/passkeys/register')
      .send({ name: 'Laptop', response: laptop.register(options) })
      .expect(200);
    expect(added.body).toEqual({
      id: laptop.id,
      name: 'Laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect((await register(yubikey, 'YubiKey')).status).toBe(200);

    const list = (await admin.get('/api/auth/passkeys').expect(200)).body.passkeys;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'YubiKey']);
    expect(JSON.stringify(list)).not.toMatch(/publicKey|counter/);
  });

  it('refuses an answer made for another origin, a reused challenge and a bad name, storing nothing', async () => {
    const phished = new SoftAuthenticator('https://evil.example');
    const refused = await register(phished, 'Phished');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^response: .*origin/i);

    const other = new SoftAuthenticator(SITE);
    const options = (
      await admin.post('/api/auth/passkeys/register/options').send({ password: ADMIN.password }).expect(200)
    ).body;
    const response = other.register(options);
    expect(
      (await admin.post('/api/auth/passkeys/register').send({ name: ' ', response }).expect(400)).body
        .message,
    ).toBe('name: is required');
    now += 1000;
    await admin.post('/api/auth/passkeys/register').send({ name: 'Other', response }).expect(200);
    expect(
      (await admin.post('/api/auth/passkeys/register').send({ name: 'Again', response }).expect(400)).body
        .message,
    ).toBe('response: no passkey request is waiting (ask for the options again)');
    const names = (await admin.get('/api/auth/passkeys').expect(200)).body.passkeys.map(
      (p: { name: string }) => p.name,
    );
    expect(names).toEqual(['Laptop', 'YubiKey', 'Other']);
    await admin
      .delete(`/api/auth/passkeys/${other.id}`)
      .send({ password: ADMIN.password })
      .expect(200, { ok: true });
  });

  const names = async () =>
    (await admin.get('/api/auth/passkeys').expect(200)).body.passkeys.map((p: { name: string }) => p.name);

  it('renames or removes a passkey only with the password: a plain session or a wrong one changes nothing', async () => {
    const path = `/api/auth/passkeys/${yubikey.id}`;
    const refused = [
      [await admin.put(path).send({ name: 'Blue key' }), 'password: is required'],
      [await admin.put(path).send({ name: 'Blue key', password: 'wrong-one' }), 'password: is incorrect'],
      [await admin.delete(path), 'body: Invalid input: expected object, received undefined'],
      [await admin.delete(path).send({}), 'password: is required'],
      [await admin.delete(path).send({ password: 'wrong-one' }), 'password: is incorrect'],
    ] as const;
    expect(refused.map(([res, message]) => [res.status, res.body.message, message])).toEqual(
      refused.map(([, message]) => [400, message, message]),
    );
    expect(await names()).toEqual(['Laptop', 'YubiKey']);
    const { events } = (await admin.get('/api/admin/audit').expect(200)).body;
    expect(events.map((e: { action: string }) => e.action)).not.toContain('passkey-renamed');
  });

  it('renames and removes a passkey; a removed one no longer signs in', async () => {
    const stepUp = { password: ADMIN.password };
    const renamed = await admin
      .put(`/api/auth/passkeys/${yubikey.id}`)
      .send({ name: 'Blue key', ...stepUp })
      .expect(200);
    expect(renamed.body.name).toBe('Blue key');
    await admin
      .put(`/api/auth/passkeys/${'A'.repeat(43)}`)
      .send({ name: 'x', ...stepUp })
      .expect(404);
    await admin.delete(`/api/auth/passkeys/${yubikey.id}`).send(stepUp).expect(200);
    await admin.delete(`/api/auth/passkeys/${yubikey.id}`).send(stepUp).expect(404);
    expect((await admin.delete('/api/auth/passkeys/short').send(stepUp).expect(400)).body.message).toBe(
      'id: is not a passkey id',
    );
    const { res } = await signInWith(yubikey);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('The passkey was not accepted');
  });

  it('signs in without a password; the same answer cannot be used twice', async () => {
    const { agent, res, options } = await signInWith(laptop);
    expect(options).toMatchObject({
      rpId: 'site.example',
      userVerification: 'required',
      allowCredentials: [],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), username: 'admin' });
    await agent.get('/api/auth/me').expect(200);
    const [entry] = (await admin.get('/api/admin/audit?action=sign-in').expect(200)).body.events;
    expect(entry.detail).toMatch(/· passkey "Laptop"$/);
    expect((await admin.get('/api/auth/passkeys').expect(200)).body.passkeys[0].lastUsedAt).not.toBeNull();

    const again = request.agent(t.server);
    const replayOptions = (await again.post('/api/auth/login/passkey/options').send({}).expect(200)).body;
    const answer = laptop.authenticate(replayOptions);
    await again.post('/api/auth/login/passkey').send({ response: answer }).expect(200);
    const replay = request.agent(t.server);
    await replay.post('/api/auth/login/passkey/options').send({}).expect(200);
    await replay.post('/api/auth/login/passkey').send({ response: answer }).expect(401);
    await replay.get('/api/auth/me').expect(401);
  });

  it('refuses a sign-in answer for another origin, and a passkey that does not verify its user', async () => {
    const phishing = await signInWith(laptop, undefined, 'https://evil.example');
    expect(phishing.res.status).toBe(401);
    await phishing.agent.get('/api/auth/me').expect(401);

    const unverified = new SoftAuthenticator(SITE, false);
    expect((await register(unverified, 'No PIN')).status).toBe(400);
  });

  it('bounds the passkey sign-ins a stranger can start (each keeps a session with its challenge)', async () => {
    const rows = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM session'))[0].n);
    const before = await rows();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await request(t.server).post('/api/auth/login/passkey/options').send({})).status);
    }
    const started = statuses.filter((s) => s === 200).length;
    expect(started).toBeLessThanOrEqual(20);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    expect((await rows()) - before).toBeLessThanOrEqual(started);
    await t.dataSource.query('DELETE FROM login_throttle');
  });

  describe('beside two-factor sign-in', () => {
    let secret: string;
    let recoveryCodes: string[];
    const code = () => generateSync({ secret, epoch: Math.floor(now / 1000) });

    beforeAll(async () => {
      secret = (await admin.post('/api/auth/two-factor/setup').expect(200)).body.secret;
      now += 30_000;
      recoveryCodes = (
        await admin
          .post('/api/auth/two-factor/enable')
          .send({ password: ADMIN.password, code: code() })
          .expect(200)
      ).body.recoveryCodes;
    });

    it('asks the code too before adding a passkey', async () => {
      expect(
        (
          await admin
            .post('/api/auth/passkeys/register/options')
            .send({ password: ADMIN.password })
            .expect(400)
        ).body.message,
      ).toBe('code: is required');
    });

    it('asks the code too before renaming or removing a passkey; a recovery code does', async () => {
      now += 30_000;
      const temporary = new SoftAuthenticator(SITE);
      const options = (
        await admin
          .post('/api/auth/passkeys/register/options')
          .send({ password: ADMIN.password, code: code() })
          .expect(200)
      ).body;
      await admin
        .post('/api/auth/passkeys/register')
        .send({ name: 'Temporary', response: temporary.register(options) })
        .expect(200);
      const path = `/api/auth/passkeys/${temporary.id}`;
      const password = ADMIN.password;
      const refused = [
        [await admin.put(path).send({ name: 'Renamed', password }), 'code: is required'],
        [await admin.put(path).send({ name: 'Renamed', password, code: '000000' }), 'code: is incorrect'],
        [await admin.delete(path).send({ password }), 'code: is required'],
        [await admin.delete(path).send({ password, code: 'not-a-code' }), 'code: is incorrect'],
      ] as const;
      expect(refused.map(([res, message]) => [res.status, res.body.message, message])).toEqual(
        refused.map(([, message]) => [400, message, message]),
      );
      expect(await names()).toEqual(['Laptop', 'Temporary']);
      now += 30_000;
      await admin.put(path).send({ name: 'Renamed', password, code: code() }).expect(200);
      await admin.delete(path).send({ password, code: recoveryCodes[2] }).expect(200);
      expect(await names()).toEqual(['Laptop']);
    });

    it('takes a passkey instead of the code after the password', async () => {
      const agent = request.agent(t.server);
      await agent.post('/api/auth/login').send(ADMIN).expect(200, { twoFactorRequired: true });
      const { res, options } = await signInWith(laptop, agent);
      expect(options.allowCredentials).toEqual([
        { id: laptop.id, type: 'public-key', transports: ['internal'] },
      ]);
      expect(res.status).toBe(200);
      await agent.get('/api/auth/me').expect(200);
      const [entry] = (await admin.get('/api/admin/audit?action=sign-in').expect(200)).body.events;
      expect(entry.detail).toMatch(/· password and passkey$/);
    });

    it('still takes a recovery code, and the code', async () => {
      const byRecovery = request.agent(t.server);
      await byRecovery.post('/api/auth/login').send(ADMIN).expect(200);
      await byRecovery.post('/api/auth/login/two-factor').send({ code: recoveryCodes[0] }).expect(200);
      await byRecovery.get('/api/auth/me').expect(200);

      now += 30_000;
      const byCode = request.agent(t.server);
      await byCode.post('/api/auth/login').send(ADMIN).expect(200);
      await byCode.post('/api/auth/login/two-factor').send({ code: code() }).expect(200);
    });

    it('a passkey alone still signs in (it is a factor of its own: the device and its PIN)', async () => {
      const { res } = await signInWith(laptop);
      expect(res.status).toBe(200);
    });
  });
});

describe('ADMIN_RESET_2FA and passkeys', () => {
  it('removes every passkey too (an intruder may have added one)', async () => {
    const first = await startTestApp({ env: { PUBLIC_URL: SITE } });
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const agent = request.agent(first.server);
      await agent.post('/api/auth/login').send(ADMIN).expect(200);
      const key = new SoftAuthenticator(SITE);
      const options = (
        await agent.post('/api/auth/passkeys/register/options').send({ password: ADMIN.password }).expect(200)
      ).body;
      await agent
        .post('/api/auth/passkeys/register')
        .send({ name: 'Unknown', response: key.register(options) })
        .expect(200);
      await first.app.close();

      const second = await startTestApp({
        reuse: usingMysql() ? {} : { sqlitePath: first.sqlitePath },
        resetDatabase: false,
        env: { PUBLIC_URL: SITE, ADMIN_RESET_2FA: 'true' },
      });
      try {
        expect(warn).toHaveBeenCalledWith('ADMIN_RESET_2FA: 1 passkey was removed. Remove ADMIN_RESET_2FA.');
        const browser = request.agent(second.server);
        const signIn = (await browser.post('/api/auth/login/passkey/options').send({}).expect(200)).body;
        await browser
          .post('/api/auth/login/passkey')
          .send({ response: key.authenticate(signIn) })
          .expect(401);
      } finally {
        await second.close();
      }
    } finally {
      warn.mockRestore();
      await first.close().catch(() => undefined);
    }
  });
});
