import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningMariaDb, startMariaDb } from '../mariadb';
import { ApiClient, type ApiProcess, startApi } from '../lib/api-process';

describe('sessions live in the database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reliability-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an admin signed in before an API restart is still signed in after it', async () => {
    const env = { SQLITE_PATH: join(dir, 'restart.sqlite') };
    const first = await startApi(env);
    const admin = new ApiClient(first.url);
    expect((await admin.login()).status).toBe(200);
    expect(await first.stop('SIGTERM')).toBe(0);
    const second = await startApi(env);
    try {
      expect((await admin.against(second.url).request('GET', '/api/auth/me')).status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  describe('two API processes on one MariaDB', () => {
    let db: RunningMariaDb;
    let a: ApiProcess;
    let b: ApiProcess;
    beforeAll(async () => {
      db = await startMariaDb();
      a = await startApi({ DATABASE_URL: db.url });
      b = await startApi({ DATABASE_URL: db.url });
    });
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await db?.stop();
    });

    it('a session made on one works on the other, and a logout on one ends it on both', async () => {
      const onA = new ApiClient(a.url);
      expect((await onA.login()).status).toBe(200);
      const onB = onA.against(b.url);
      expect(await onB.request('GET', '/api/auth/me')).toEqual({
        status: 200,
        body: { id: expect.any(Number), username: 'admin' },
      });
      expect((await onB.request('POST', '/api/auth/logout')).status).toBe(200);
      expect((await onA.request('GET', '/api/auth/me')).status).toBe(401);
    });
  });
});
