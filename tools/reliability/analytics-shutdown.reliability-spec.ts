import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postEventsUntilStopped, storedPageViews } from '../lib/analytics-load';
import { startApi } from '../lib/api-process';

/**
 * `POST /api/events` answers before the events are written (they wait in a buffer written every second):
 * SIGTERM in the middle of a 100-connection load must still write every event it answered for. SQLite here
 * (CI time); `npx tsx tools/bench/analytics.ts` does the same on MariaDB (its `lost` column).
 */
describe('SIGTERM during analytics load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reliability-analytics-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loses no accepted event', async () => {
    const sqlitePath = join(dir, 'analytics.sqlite');
    const api = await startApi({ SEED_DEMO_CONTENT: 'false', SQLITE_PATH: sqlitePath });
    const load = postEventsUntilStopped(api.url, 100);
    await new Promise((r) => setTimeout(r, 1000));
    const exitCode = await api.stop('SIGTERM');
    load.stop();
    const outcome = await load.done;

    expect(exitCode).toBe(0);
    expect(outcome.broken).toEqual([]);
    expect(outcome.accepted).toBeGreaterThan(100);
    expect(await storedPageViews({ sqlitePath })).toBe(outcome.accepted);
    expect(api.output()).not.toContain('events not written');
  });
});
