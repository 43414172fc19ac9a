import { generateSync } from 'otplib';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { Clock } from '../src/common/clock';
import { NEWSLETTER_MAX_ATTEMPTS } from '../src/newsletter/newsletter-throttle.service';
import { ADMIN, signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Every per-IP throttle counts an IPv6 client by its /64 (issue 25): a subscriber holds a whole /64 and picks a
 * new address in it for each request, so six addresses of one /64 get the 5 guesses one address gets; an address
 * of the next /64 is someone else. (Analytics: analytics.integration-spec.ts.)
 */
describe('per-IP throttles and IPv6 networks', () => {
  let t: TestApp;
  let now: number;
  /** Addresses of one /64, a new one each call, and one of the next /64. */
  let host = 0;
  const inNet = () => `2001:4860:4860:1:${(++host).toString(16)}::${host}`;
  const OTHER_NET = '2001:4860:4860:2::1';

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    now = Date.now();
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => now);
  });
  afterAll(() => t.close());
  beforeEach(() => t.dataSource.query('DELETE FROM login_throttle'));

  it('login: 5 wrong passwords from six addresses of one /64, then 429; the next /64 is still checked', async () => {
    const wrong = { username: 'admin', password: 'wrong-password' };
    const login = (from: string, body: object) =>
      request(t.server).post('/api/auth/login').set('X-Forwarded-For', from).send(body);
    for (let i = 0; i < 5; i++) expect((await login(inNet(), wrong)).status).toBe(401);
    expect((await login(inNet(), ADMIN)).status).toBe(429);
    expect((await login(OTHER_NET, wrong)).status).toBe(401);
    expect((await login(OTHER_NET, ADMIN)).status).toBe(200);
  });

  it('IPv4 clients seen as IPv4-mapped IPv6 share the IPv4 address counter', async () => {
    const wrong = { username: 'admin', password: 'wrong-password' };
    const login = (from: string) =>
      request(t.server).post('/api/auth/login').set('X-Forwarded-For', from).send(wrong);
    for (let i = 0; i < 3; i++) expect((await login('198.51.100.7')).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login('::ffff:198.51.100.7')).status).toBe(401);
    expect((await login('198.51.100.7')).status).toBe(429);
  });

  it('change-password: wrong current passwords from one /64 count together', async () => {
    const agent = await signedInAgent(t.server);
    const wrong = { currentPassword: 'not-the-password', newPassword: 'a-much-better-password' };
    const change = (from: string) =>
      agent.post('/api/auth/change-password').set('X-Forwarded-For', from).send(wrong);
    for (let i = 0; i < 5; i++) expect((await change(inNet())).status).toBe(400);
    expect((await change(inNet())).status).toBe(429);
    expect((await change(OTHER_NET)).status).toBe(400);
  });

  it('two-factor codes: wrong codes from one /64 count together', async () => {
    const admin = await signedInAgent(t.server);
    const { secret } = (await admin.post('/api/auth/two-factor/setup').expect(200)).body;
    const codeFor = () => generateSync({ secret, epoch: Math.floor(now / 1000) });
    await admin
      .post('/api/auth/two-factor/enable')
      .send({ password: ADMIN.password, code: codeFor() })
      .expect(200);
    now += 30_000;
    const wrong = codeFor() === '111111' ? '222222' : '111111';
    const step = (agent: TestAgent, from: string, code: string) =>
      agent.post('/api/auth/two-factor/recovery-codes').set('X-Forwarded-For', from).send({ code });
    for (let i = 0; i < 5; i++) expect((await step(admin, inNet(), wrong)).status).toBe(400);
    expect((await step(admin, inNet(), codeFor())).status).toBe(429);
    expect((await step(admin, OTHER_NET, wrong)).status).toBe(400);
    // Off again for the tests that follow (a fresh time step, from the other /64).
    now += 30_000;
    await admin
      .post('/api/auth/two-factor/disable')
      .set('X-Forwarded-For', OTHER_NET)
      .send({ password: ADMIN.password, code: codeFor() })
      .expect(200);
  });

  it(`newsletter: ${NEWSLETTER_MAX_ATTEMPTS} sign-ups from one /64, then 429; the next /64 still signs up`, async () => {
    const subscribe = (from: string, n: number) =>
      request(t.server)
        .post('/api/newsletter/subscribe')
        .set('X-Forwarded-For', from)
        .send({ email: `v6-${n}@mail.test` });
    for (let i = 0; i < NEWSLETTER_MAX_ATTEMPTS; i++) expect((await subscribe(inNet(), i)).status).toBe(200);
    expect((await subscribe(inNet(), 99)).status).toBe(429);
    expect((await subscribe(OTHER_NET, 100)).status).toBe(200);
  });
});
