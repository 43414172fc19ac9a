import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postEventsUntilStopped, storedPageViews } from '../lib/analytics-load';
import { startApi } from '../lib/api-process';
import { startMariaDb } from '../mariadb';

/**
 * `POST /api/events` answers before the events are written (they wait in a buffer written every second):
 * SIGTERM in the middle of a 100-connection load must still write every event it answered for.
 */
describe.each(['sqlite', 'mysql'] as const)('SIGTERM during analytics load (%s)', (database) => {
  const dir = mkdtempSync(join(tmpdir(), 'reliability-analytics-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loses no accepted event', async () => {
    const db = database === 'mysql' ? await startMariaDb() : undefined;
    const sqlitePath = join(dir, 'analytics.sqlite');
    try {
      const api = await startApi({
        SEED_DEMO_CONTENT: 'false',
        ...(db ? { DATABASE_URL: db.url } : { SQLITE_PATH: sqlitePath }),
      });
      const load = postEventsUntilStopped(api.url, 100);
      await new Promise((r) => setTimeout(r, 1500));
      const exitCode = await api.stop('SIGTERM');
      load.stop();
      const outcome = await load.done;

      expect(exitCode).toBe(0);
      expect(outcome.broken).toEqual([]);
      expect(outcome.accepted).toBeGreaterThan(500);
      expect(await storedPageViews(db ? { url: db.url } : { sqlitePath })).toBe(outcome.accepted);
    } finally {
      await db?.stop();
    }
  });
});
