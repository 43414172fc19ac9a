import request from 'supertest';
import { SettingsService } from '../src/settings/settings.service';
import { analyticsCalls, startAnalyticsApp } from './support/analytics-app';
import { BROWSER, D, DAY_MS, visitorHeaders } from './support/analytics-log';
import type { TestApp } from './support/test-app';

/**
 * Site analytics' intake (issue 13, docs/analytics.md): what `POST /api/events` takes and refuses (a 400 naming the
 * field or the limit), the limits per visitor and per address, and nothing counted while site analytics is off.
 */

let t: TestApp;
let now = D + 2 * DAY_MS;
const { send, report } = analyticsCalls(() => t);

describe('site analytics beacons', () => {
  beforeAll(async () => {
    t = await startAnalyticsApp(() => now);
  });
  afterAll(() => t?.close());

  it('takes text/plain beacons, refuses bad events with a 400 naming the field, and oversized bodies with a 400 naming the limit', async () => {
    now = D + 2 * DAY_MS;
    const pageview = { kind: 'pageview', path: '/', viewport: 'desktop' };
    const plain = await request(t.server)
      .post('/api/events')
      .set({ ...visitorHeaders(500), 'Content-Type': 'text/plain;charset=UTF-8' })
      .send(JSON.stringify({ events: [pageview] }))
      .expect(202);
    expect(plain.body).toEqual({ accepted: 1 });
    const bad = async (body: unknown, message: string) => {
      const res = await request(t.server)
        .post('/api/events')
        .set(visitorHeaders(501))
        .send(body as object)
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
    };
    await bad(
      { events: [{ ...pageview, kind: 'mine' }] },
      "events.0.kind: Invalid discriminator value. Expected 'pageview' | 'play' | 'play_progress' | 'playlist_open' | 'subscribe_click' | 'community_click' | 'hero_impression' | 'hero_click' | 'affiliate_click' | 'sponsor_click' | 'search'",
    );
    await bad(
      { events: [{ ...pageview, path: 'https://evil.example/' }] },
      'events.0.path: must be a site path like /videos/abc',
    );
    await bad({ events: [{ ...pageview, extra: 1 }] }, 'events.0.extra: is not allowed');
    await bad({ events: [] }, 'events: Too small: expected array to have >=1 items');
    // Oversized: a 400 naming the limit (issue 13: never a 5xx), as JSON and as sendBeacon's text/plain.
    const tooBig = JSON.stringify({ events: [{ ...pageview, referrer: 'x'.repeat(9000) }] });
    for (const type of ['application/json', 'text/plain;charset=UTF-8']) {
      const res = await request(t.server)
        .post('/api/events')
        .set({ ...visitorHeaders(502), 'Content-Type': type })
        .send(tooBig)
        .expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'body: must be at most 8192 bytes (8 KB)',
        error: 'Bad Request',
      });
    }
    await request(t.server)
      .post('/api/events')
      .set({ ...visitorHeaders(503), 'Content-Type': 'text/plain' })
      .send('{"events": [')
      .expect(400);
  });

  it('limits each visitor to 120 events a minute, dropping the rest', async () => {
    now = D + 2 * DAY_MS + 1000;
    const batch = Array.from({ length: 20 }, () => ({
      kind: 'pageview' as const,
      path: '/',
      viewport: 'phone' as const,
    }));
    for (let i = 0; i < 6; i++) expect(await send(batch, visitorHeaders(600))).toBe(20);
    expect(await send(batch.slice(0, 1), visitorHeaders(600))).toBe(0);
    expect(await send(batch.slice(0, 1), visitorHeaders(601))).toBe(1);
  });

  it('limits a public address to 600 events a minute whatever user agents it sends; private ones are left to the visitor limit', async () => {
    now = D + 2 * DAY_MS + 61_000;
    const batch = Array.from({ length: 20 }, () => ({
      kind: 'pageview' as const,
      path: '/',
      viewport: 'phone' as const,
    }));
    // A script changing its user agent each time: a new visitor each time, the same address.
    const script = (i: number) => ({ 'X-Forwarded-For': '8.8.4.4', 'User-Agent': `${BROWSER} script-${i}` });
    for (let i = 0; i < 30; i++) expect(await send(batch, script(i))).toBe(20);
    expect(await send(batch.slice(0, 1), script(30))).toBe(0);
    // Another public address, and many visitors behind one private address, still count.
    expect(await send(batch.slice(0, 1), { ...script(31), 'X-Forwarded-For': '8.8.8.8' })).toBe(1);
    const office = (i: number) => ({ 'X-Forwarded-For': '10.9.9.9', 'User-Agent': `${BROWSER} office-${i}` });
    for (let i = 0; i < 31; i++) expect(await send(batch, office(i))).toBe(20);
  });

  it('counts an IPv6 address by its /64: new addresses in the same /64 share its 600 events a minute', async () => {
    now = D + 2 * DAY_MS + 122_000;
    const batch = Array.from({ length: 20 }, () => ({
      kind: 'pageview' as const,
      path: '/',
      viewport: 'phone' as const,
    }));
    // One subscriber's /64: a new address and user agent on every request.
    const from = (address: string, i: number) => ({
      'X-Forwarded-For': address,
      'User-Agent': `${BROWSER} v6-${i}`,
    });
    for (let i = 0; i < 30; i++) expect(await send(batch, from(`2a00:1450:4001:800::${i + 1}`, i))).toBe(20);
    expect(await send(batch.slice(0, 1), from('2a00:1450:4001:800:ffff:1:2:3', 30))).toBe(0);
    // The next /64 is another subscriber.
    expect(await send(batch.slice(0, 1), from('2a00:1450:4001:801::1', 31))).toBe(1);
  });

  it('counts nothing while site analytics is turned off', async () => {
    await t.app.get(SettingsService).set('enableSiteAnalytics', false);
    now += 5000;
    expect(await send([{ kind: 'pageview', path: '/', viewport: 'phone' }], visitorHeaders(700))).toBe(0);
    expect((await report('7d')).enabled).toBe(false);
    await t.app.get(SettingsService).set('enableSiteAnalytics', true);
    now += 5000;
    expect(await send([{ kind: 'pageview', path: '/', viewport: 'phone' }], visitorHeaders(700))).toBe(1);
  });
});
