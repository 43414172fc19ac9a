import { GOOGLE_ANALYTICS, PAGE_POLICY_PATH, PLAUSIBLE, ADSENSE } from '@app/contracts';
import request from 'supertest';
import { PUBLIC_CACHE_CONTROL } from '../src/content-cache/cache-control';
import type TestAgent from 'supertest/lib/agent';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';
import { saveSettings } from './support/stack';

describe('the pages’ policy sources (GET /api/settings/page-policy)', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedInAgent(t.server);
  });
  afterAll(() => t?.close());

  const set = (key: string, value: unknown) => saveSettings(admin, { [key]: value });
  const visitor = () => request(t.server).get(PAGE_POLICY_PATH).expect(200);

  it('lists no third party while analytics and ads are off (the defaults)', async () => {
    const res = await visitor();
    expect(res.body).toEqual({ 'script-src': [], 'img-src': [], 'connect-src': [], 'frame-src': [] });
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
  });

  it('follows the dashboard at once, through the public cache', async () => {
    await visitor();
    expect((await visitor()).headers['x-cache']).toBe('hit');

    await set('googleAnalyticsId', 'G-ABCDEF1234');
    let res = await visitor();
    // An id alone does not load the script.
    expect(res.body['script-src']).toEqual([]);
    await set('enableGoogleAnalytics', true);
    res = await visitor();
    expect(res.headers['x-cache']).toBe('miss');
    expect(res.body['script-src']).toEqual(GOOGLE_ANALYTICS.script);
    expect(res.body['connect-src']).toEqual(GOOGLE_ANALYTICS.connect);
    // The body alone carries them: the web server reads it, no proxy reads headers.
    expect(Object.keys(res.headers).filter((name) => name.startsWith('x-page-'))).toEqual([]);
    const hit = await visitor();
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.body).toEqual(res.body);

    await set('plausibleDomain', 'example.com');
    await set('enablePlausible', true);
    await set('adsensePublisherId', 'ca-pub-1234567890123456');
    res = await visitor();
    expect(res.body['script-src']).toEqual([
      ...GOOGLE_ANALYTICS.script,
      ...PLAUSIBLE.script,
      ...ADSENSE.script,
    ]);
    expect(res.body['frame-src']).toEqual(ADSENSE.frame);

    await set('enableGoogleAnalytics', false);
    await set('enablePlausible', false);
    await set('adsensePublisherId', '');
    res = await visitor();
    expect(res.body).toEqual({ 'script-src': [], 'img-src': [], 'connect-src': [], 'frame-src': [] });
  });
});
