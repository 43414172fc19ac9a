import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { Clock } from '../src/common/clock';
import { ADMIN } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** The admin's list of sessions (issue 25): device, network, times, this one marked; revoke one or all others. */
describe('the admin’s sessions', () => {
  let t: TestApp;
  let now: number;

  beforeAll(async () => {
    // TRUST_PROXY: each browser comes from its own address (X-Forwarded-For).
    t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    now = Date.now();
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => now);
  });
  afterAll(() => t.close());

  async function signIn(userAgent: string, ip: string): Promise<TestAgent> {
    const agent = request.agent(t.server);
    agent.set('User-Agent', userAgent).set('X-Forwarded-For', ip);
    await agent.post('/api/auth/login').send(ADMIN).expect(200);
    return agent;
  }

  it('lists each signed-in browser with its device and network, never the full address, this one marked', async () => {
    await t.dataSource.query('DELETE FROM session');
    const mac = await signIn(CHROME_MAC, '203.0.113.77');
    now += 5 * 60_000;
    const linux = await signIn(FIREFOX_LINUX, '2001:db8:1:2::5');

    const res = await mac.get('/api/auth/sessions').expect(200);
    expect(res.body.sessions).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        device: 'Chrome 131 on macOS',
        ipPrefix: '203.0.113.0/24',
        signedInAt: new Date(now - 5 * 60_000).toISOString(),
        lastSeenAt: expect.any(String),
        current: true,
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        device: 'Firefox 128 on Linux',
        ipPrefix: '2001:db8:1::/48',
        signedInAt: new Date(now).toISOString(),
        lastSeenAt: new Date(now).toISOString(),
        current: false,
      },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/203\.0\.113\.77|2001:db8:1:2::5/);
    // The id is not the session's (the cookie's) id.
    const stored: { id: string }[] = await t.dataSource.query('SELECT id FROM session');
    for (const { id } of stored) expect(JSON.stringify(res.body)).not.toContain(id);

    // A request later moves "last seen" (to the minute).
    now += 3 * 60_000;
    await linux.get('/api/auth/me').expect(200);
    const after = (await mac.get('/api/auth/sessions').expect(200)).body.sessions;
    expect(after[1].lastSeenAt).toBe(new Date(now).toISOString());
  });

  it('revokes one other session: it is signed out at once; this one cannot be revoked that way', async () => {
    await t.dataSource.query('DELETE FROM session');
    const mac = await signIn(CHROME_MAC, '203.0.113.77');
    const linux = await signIn(FIREFOX_LINUX, '198.51.100.4');
    const [current, other] = (await mac.get('/api/auth/sessions').expect(200)).body.sessions;

    expect((await mac.delete(`/api/auth/sessions/${current.id}`).expect(400)).body.message).toBe(
      'id: is this session (use Logout to end it)',
    );
    expect((await mac.delete('/api/auth/sessions/not-an-id').expect(400)).body.message).toBe(
      'id: is not a session id',
    );
    expect((await mac.delete(`/api/auth/sessions/${'0'.repeat(32)}`).expect(404)).body.message).toBe(
      'No such session (it may have ended already)',
    );
    await linux.get('/api/auth/me').expect(200);

    await mac.delete(`/api/auth/sessions/${other.id}`).expect(200, { ok: true });
    await linux.get('/api/auth/me').expect(401);
    await mac.get('/api/auth/me').expect(200);
    expect((await mac.get('/api/auth/sessions').expect(200)).body.sessions).toHaveLength(1);
  });

  it('signs out everywhere else, keeping this session', async () => {
    await t.dataSource.query('DELETE FROM session');
    const mac = await signIn(CHROME_MAC, '203.0.113.77');
    const others = [await signIn(FIREFOX_LINUX, '198.51.100.4'), await signIn(FIREFOX_LINUX, '198.51.100.5')];

    await mac.post('/api/auth/sessions/revoke-others').send({}).expect(200, { revoked: 2 });
    for (const agent of others) await agent.get('/api/auth/me').expect(401);
    await mac.get('/api/auth/me').expect(200);
    expect((await mac.get('/api/auth/sessions').expect(200)).body.sessions).toEqual([
      expect.objectContaining({ current: true }),
    ]);
  });

  it('does not bring back a revoked session when it makes a request after being revoked', async () => {
    await t.dataSource.query('DELETE FROM session');
    const mac = await signIn(CHROME_MAC, '203.0.113.77');
    const linux = await signIn(FIREFOX_LINUX, '198.51.100.4');
    await mac.post('/api/auth/sessions/revoke-others').send({}).expect(200);
    now += 2 * 60_000;
    await linux.get('/api/auth/sessions').expect(401);
    expect((await mac.get('/api/auth/sessions').expect(200)).body.sessions).toHaveLength(1);
  });
});
