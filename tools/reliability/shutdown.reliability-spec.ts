import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from '../lib/api-process';

interface Outcome {
  kind: 'answered' | 'refused' | 'broken';
  status?: number;
  bytes?: number;
  error?: string;
}

/** One GET on a fresh connection; distinguishes a clean refusal from an answer broken half-way. */
function get(url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ kind: 'answered', status: res.statusCode, bytes }));
      res.on('error', (error) => resolve({ kind: 'broken', error: error.message }));
    });
    // Before any answer byte, a refused or reset connection means the request was never taken
    // (it sat in the kernel's backlog when the listener closed): safe for the client to retry.
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET'
          ? { kind: 'refused', error: error.code }
          : { kind: 'broken', error: error.message },
      ),
    );
    req.end();
  });
}

describe('SIGTERM under load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reliability-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finishes in-flight requests, refuses new ones cleanly and exits 0', async () => {
    const api = await startApi({ SQLITE_PATH: join(dir, 'shutdown.sqlite') });
    const url = `${api.url}/api/videos`;
    const expectedBytes = (await get(url)).bytes;

    // Keep a steady stream of requests going, then send SIGTERM in the middle of it.
    const outcomes: Promise<Outcome>[] = [];
    let sending = true;
    const pump = (async () => {
      while (sending) {
        outcomes.push(get(url));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const exitCode = api.stop('SIGTERM');
    await exitCode;
    await new Promise((r) => setTimeout(r, 100));
    sending = false;
    await pump;
    const results = await Promise.all(outcomes);

    expect(await exitCode).toBe(0);
    const answered = results.filter((r) => r.kind === 'answered');
    const refused = results.filter((r) => r.kind === 'refused');
    const broken = results.filter((r) => r.kind === 'broken');
    expect(broken).toEqual([]);
    expect(answered.length).toBeGreaterThan(10);
    expect(refused.length).toBeGreaterThan(0);
    // Every request the API accepted got its whole answer.
    for (const r of answered) expect(r).toEqual({ kind: 'answered', status: 200, bytes: expectedBytes });
    expect(api.output()).toContain('SIGTERM: finishing in-flight requests, then stopping');
  });
});
