import { execFileSync } from 'node:child_process';
import { type RunningMariaDb, startMariaDb } from '../mariadb';
import { type ApiProcess, startApi } from '../lib/api-process';

const status = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(8000) })).status;

describe('the database stopped for a few seconds', () => {
  let db: RunningMariaDb;
  let api: ApiProcess;
  beforeAll(async () => {
    db = await startMariaDb();
    api = await startApi({ DATABASE_URL: db.url });
  });
  afterAll(async () => {
    await api?.stop();
    await db?.stop();
  });

  it('answers 503 meanwhile (health says so) and recovers by itself, without a restart', async () => {
    expect(await status(`${api.url}/api/channel/stats`)).toBe(200);
    await db.pause();
    try {
      expect(await status(`${api.url}/api/health`)).toBe(503);
      const res = await fetch(`${api.url}/api/channel/stats`, { signal: AbortSignal.timeout(8000) });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        statusCode: 503,
        message: 'The database is not answering; try again in a moment',
        error: 'Service Unavailable',
      });
    } finally {
      await db.resume();
    }
    const deadline = Date.now() + 15_000;
    let recovered = false;
    while (!recovered && Date.now() < deadline) {
      recovered = (await status(`${api.url}/api/health`)) === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(true);
    expect(await status(`${api.url}/api/channel/stats`)).toBe(200);
    expect(api.child.exitCode).toBeNull();
  });

  it('a MariaDB that crashes prints its crash report whole, backtrace first, before its files go', async () => {
    const written: string[] = [];
    const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      // Its command line names its data directory, as no other server's does.
      const pid = Number(execFileSync('pgrep', ['-f', `datadir=${db.datadir}`], { encoding: 'utf8' }).trim());
      process.kill(pid, 'SIGSEGV');
      for (let i = 0; i < 100 && !written.join('').includes('exited by itself'); i++)
        await new Promise((r) => setTimeout(r, 100));
    } finally {
      write.mockRestore();
    }
    const said = written.join('');
    expect(said).toContain(`mariadbd on port ${db.port} exited by itself`);
    // From the "got signal" line on, so a long query in the report cannot push the backtrace out of it.
    expect(said).toMatch(/its crash report:\n[^\n]*got signal 11[\s\S]*backtrace/i);
  });
});
