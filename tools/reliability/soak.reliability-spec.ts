import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from '../lib/api-process';

/** Bounded: 30 s, 100 connections, loopback only. */
const DURATION_S = Number(process.env.SOAK_SECONDS ?? 30);

describe('load on the public calls', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reliability-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`holds ${DURATION_S} s at 100 connections with zero errors and flat memory after warm-up`, async () => {
    const api = await startApi({ SQLITE_PATH: join(dir, 'soak.sqlite') });
    const samples: { t: number; rss: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(
      () => samples.push({ t: (Date.now() - started) / 1000, rss: api.rss() }),
      500,
    );
    try {
      const result = await autocannon({
        url: api.url,
        connections: 100,
        duration: DURATION_S,
        requests: [
          { method: 'GET', path: '/api/videos' },
          { method: 'GET', path: '/api/channel/stats' },
          { method: 'GET', path: '/api/settings' },
          { method: 'GET', path: '/api/playlists' },
          { method: 'GET', path: '/api/videos/featured' },
        ],
      });
      clearInterval(sampler);
      // Flat after warm-up: the last third may not climb above the middle third's peak (V8 grows its
      // heap early under load; a leak keeps climbing).
      const peakOf = (from: number, to: number) =>
        Math.max(0, ...samples.filter((s) => s.t >= from && s.t < to).map((s) => s.rss));
      const middlePeak = peakOf(DURATION_S / 3, (2 * DURATION_S) / 3);
      const lastPeak = peakOf((2 * DURATION_S) / 3, Infinity);
      const mb = (n: number) => Math.round(n / 1024 / 1024);
      console.log(
        `soak: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
          `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, ` +
          `RSS peak middle third ${mb(middlePeak)} MB, last third ${mb(lastPeak)} MB`,
      );
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(result.requests.total).toBeGreaterThan(1000);
      expect(lastPeak - middlePeak).toBeLessThan(Math.max(middlePeak * 0.25, 48 * 1024 * 1024));
    } finally {
      clearInterval(sampler);
      await api.stop();
    }
  });
});
