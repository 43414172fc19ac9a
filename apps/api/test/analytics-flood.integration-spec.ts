import { analyticsReportSchema } from '@app/contracts';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import request from 'supertest';
import { AnalyticsIngestService, BEACONS_PER_TURN } from '../src/analytics/analytics-ingest.service';
import { AnalyticsStoreService } from '../src/analytics/analytics-store.service';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Beacons under a flood (issue 25, docs/analytics.md): taken a few per turn of the event loop (TurnQueue) into the
 * buffer, written in batches; every accepted event is in the database after a flush and after a shutdown, exactly.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const pageviews = (n: number) =>
  Array.from({ length: n }, () => ({ kind: 'pageview', path: '/', viewport: 'desktop' }));

/** `beacons` beacons of `size` page views at once, each its own visitor; the sum of `accepted`. */
async function flood(t: TestApp, beacons: number, size: number): Promise<number> {
  const answers = await Promise.all(
    Array.from({ length: beacons }, (_, i) =>
      request(t.server)
        .post('/api/events')
        .set({ 'X-Forwarded-For': `10.1.${i >> 8}.${i & 255}`, 'User-Agent': `${BROWSER} flood-${i}` })
        .send({ events: pageviews(size) })
        .expect(202),
    ),
  );
  return answers.reduce((sum, res) => sum + (res.body as { accepted: number }).accepted, 0);
}

describe('analytics under a flood of beacons', () => {
  let t: TestApp & { sqlitePath?: string };

  afterEach(() => t?.close());

  it('answers every beacon of a burst many times BEACONS_PER_TURN, and a flush stores exactly what was accepted', async () => {
    t = await startTestApp({ env: { SEED_DEMO_CONTENT: 'false', TRUST_PROXY: 'true' } });
    const store = t.app.get(AnalyticsStoreService);
    const before = await store.eventCount();
    const accepted = await flood(t, 30 * BEACONS_PER_TURN, 3);
    expect(accepted).toBe(30 * BEACONS_PER_TURN * 3);
    await t.app.get(AnalyticsIngestService).flush();
    expect((await store.eventCount()) - before).toBe(accepted);
    // The report reads the flushed counts: every page view and one visitor per beacon.
    const admin = await signedInAgent(t.server);
    const report = analyticsReportSchema.parse(
      (await admin.get('/api/admin/analytics?range=7d').expect(200)).body,
    );
    expect(report.totals.views).toBe(accepted);
    expect(report.totals.visitors).toBe(30 * BEACONS_PER_TURN);
  });

  it('writes the buffer on shutdown: a restart on the same database finds every accepted event', async () => {
    t = await startTestApp({ env: { SEED_DEMO_CONTENT: 'false', TRUST_PROXY: 'true' } });
    const sqlitePath = t.sqlitePath;
    const before = await t.app.get(AnalyticsStoreService).eventCount();
    // Under FLUSH_AT events: nothing forces a write before the app closes (the timer's is a second away at most).
    const accepted = await flood(t, 40, 5);
    expect(accepted).toBe(200);
    await t.app.close();
    t = await startTestApp({ env: { SEED_DEMO_CONTENT: 'false' }, reuse: { sqlitePath } });
    expect((await t.app.get(AnalyticsStoreService).eventCount()) - before).toBe(accepted);
    if (sqlitePath) rmSync(dirname(sqlitePath), { recursive: true, force: true });
  });
});
