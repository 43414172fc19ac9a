import { createHmac } from 'node:crypto';
import { request as httpRequest, type ClientRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { SessionEntity } from '../src/auth/session.entity';
import { Clock } from '../src/common/clock';
import { deriveSecretKeys, sessionSecretOf } from '../src/config/secret-keys';
import { ADMIN, sessionCookie } from './support/auth';
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

  it('signs the cookie with a key derived for it, never with the secret itself', async () => {
    const res = await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
    // express-session's cookie: `s:<id>.<HMAC-SHA256 of the id, base64 without padding>`.
    const [id, signature] = decodeURIComponent(sessionCookie(res)).slice('sid=s:'.length).split('.');
    const mac = (key: string) => createHmac('sha256', key).update(id).digest('base64').replace(/=+$/, '');
    const secret = sessionSecretOf(t.env);
    expect(signature).toBe(mac(deriveSecretKeys(secret).cookie));
    expect(signature).not.toBe(mac(secret));
  });

  it('is not written by public requests, and a visitor without one gets none', async () => {
    await t.dataSource.query('DELETE FROM session');
    const mac = await signIn(CHROME_MAC, '203.0.113.77');
    const [stored] = await t.dataSource.getRepository(SessionEntity).find();
    for (const path of ['/api/settings', '/api/videos', '/api/playlists']) {
      await mac.get(path).expect(200);
      const visitor = await request(t.server).get(path).expect(200);
      expect(visitor.headers['set-cookie']).toBeUndefined();
    }
    expect(await t.dataSource.getRepository(SessionEntity).find()).toEqual([stored]);
  });

  describe('a request in flight while its session is ended', () => {
    /**
     * A POST whose body arrives slowly, sent with `agent`'s cookie: it has loaded its session (passport's admin
     * in memory) and waits for the rest of its body. `finish` sends the rest and answers the status.
     */
    async function slowRequest(cookie: string): Promise<{ finish(): Promise<number> }> {
      const server = t.server as Server;
      if (!server.listening) await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const { port } = server.address() as AddressInfo;
      // The session loaded from the store: the last `session.id = :id` read's row.
      const rows = t.dataSource.getRepository(SessionEntity);
      const original = rows.createQueryBuilder.bind(rows);
      let loaded!: () => void;
      const sessionLoaded = new Promise<void>((done) => (loaded = done));
      const spy = jest.spyOn(rows, 'createQueryBuilder').mockImplementation((...args) => {
        const builder = original(...args);
        const getOne = builder.getOne.bind(builder);
        builder.getOne = async () => {
          const row = await getOne();
          if (row) loaded();
          return row;
        };
        return builder;
      });
      const body = JSON.stringify({ padding: 'x'.repeat(4_000) });
      const req: ClientRequest = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/auth/login/passkey/options',
        headers: {
          cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': '203.0.113.9',
        },
      });
      const status = new Promise<number>((done, fail) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
        });
        req.on('error', fail);
      });
      req.write(body.slice(0, 100));
      await sessionLoaded;
      spy.mockRestore();
      return {
        finish: () => {
          req.end(body.slice(100));
          return status;
        },
      };
    }

    it.each([
      ['signed out (Logout in that browser)', 'logout'],
      ['revoked from another session', 'revoke'],
      ['signed out by "sign out everywhere else"', 'revoke-others'],
      ['ended by a password change', 'change-password'],
    ] as const)('stays ended when %s', async (_name, how) => {
      await t.dataSource.query('DELETE FROM session');
      const owner = await signIn(CHROME_MAC, '203.0.113.77');
      const thief = request.agent(t.server);
      thief.set('User-Agent', FIREFOX_LINUX).set('X-Forwarded-For', '198.51.100.4');
      const inFlight = await slowRequest(
        sessionCookie(await thief.post('/api/auth/login').send(ADMIN).expect(200)),
      );
      const [, stolen] = (await owner.get('/api/auth/sessions').expect(200)).body.sessions;

      if (how === 'logout') await thief.post('/api/auth/logout').send({}).expect(200);
      if (how === 'revoke') await owner.delete(`/api/auth/sessions/${stolen.id}`).expect(200);
      if (how === 'revoke-others') await owner.post('/api/auth/sessions/revoke-others').send({}).expect(200);
      if (how === 'change-password') {
        await owner
          .post('/api/auth/change-password')
          .send({ currentPassword: ADMIN.password, newPassword: 'another-password-1' })
          .expect(200);
      }
      await thief.get('/api/auth/me').expect(401);

      expect(await inFlight.finish()).toBe(200);
      await thief.get('/api/auth/me').expect(401);
      // Only the owner's session is stored: the ended one was not written back.
      expect(await t.dataSource.getRepository(SessionEntity).count()).toBe(1);
      await owner.get('/api/auth/me').expect(200);
      if (how === 'change-password') {
        await owner
          .post('/api/auth/change-password')
          .send({ currentPassword: 'another-password-1', newPassword: ADMIN.password })
          .expect(200);
      }
    });
  });
});
