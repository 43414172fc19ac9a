import { type AnalyticsEvent, type AnalyticsReport, analyticsReportSchema } from '@app/contracts';
import request from 'supertest';
import { Clock } from '../../src/common/clock';
import { signedInAgent } from './auth';
import { startTestApp, type TestApp } from './test-app';

/**
 * An app for the site analytics suites: no demo channel (its history would count), the visitor's address from
 * X-Forwarded-For (each generated visitor has its own), and its clock at `now()`.
 */
export async function startAnalyticsApp(now: () => number): Promise<TestApp> {
  const t = await startTestApp({ env: { SEED_DEMO_CONTENT: 'false', TRUST_PROXY: 'true' } });
  jest.spyOn(t.app.get(Clock), 'now').mockImplementation(now);
  return t;
}

/** The analytics calls on the suite's app: a beacon as a visitor, the report as the admin. */
export function analyticsCalls(app: () => TestApp) {
  return {
    /** Posts a beacon; answers how many of its events were taken (never a cookie set). */
    async send(events: AnalyticsEvent[], headers: Record<string, string>): Promise<number> {
      const res = await request(app().server).post('/api/events').set(headers).send({ events }).expect(202);
      expect(res.headers['set-cookie']).toBeUndefined();
      return res.body.accepted;
    },
    /** The Analytics tab's report of `range`, as the dashboard gets it (never cached). */
    async report(range: string): Promise<AnalyticsReport> {
      const admin = await signedInAgent(app().server);
      const res = await admin.get(`/api/admin/analytics?range=${range}`).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return analyticsReportSchema.parse(res.body);
    },
  };
}

/** A 4-minute video the site holds (the analytics count its plays and pages by name; others are "other"). */
export const videoRow = (id: string, title: string, publishedAt: Date) => ({
  id,
  title,
  description: null,
  thumbnail: null,
  duration: '4:00',
  durationSeconds: 240,
  viewCount: 1,
  publishedAt,
  featured: false,
  kind: 'video' as const,
});
