import { GOOGLE_ANALYTICS, PLAUSIBLE, ADSENSE, pageModelUrl, type PagePolicySources } from '@app/contracts';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { saveSettings, useStack } from './support/stack';
import type { TestApp } from './support/test-app';

/** The pages' policy sources: the page model's `policy` (`GET /api/page`), which the web server puts in the CSP. */
describe('the pages’ policy sources (the page model’s policy)', () => {
  let t: TestApp;
  let admin: TestAgent;
  // With PUBLIC_URL the page model is the same for every visitor, so the public cache keeps it.
  useStack({ env: { PUBLIC_URL: 'https://videos.example.com' } }, (stack) => ({ t, admin } = stack));

  const set = (key: string, value: unknown) => saveSettings(admin, { [key]: value });
  const visitor = async () => {
    const res = await request(t.server).get(pageModelUrl('/admin')).expect(200);
    return { headers: res.headers, body: (res.body as { policy: PagePolicySources }).policy };
  };

  it('lists no third party while analytics and ads are off (the defaults)', async () => {
    const res = await visitor();
    expect(res.body).toEqual({ 'script-src': [], 'img-src': [], 'connect-src': [], 'frame-src': [] });
    expect(res.headers['cache-control']).toBe('public, no-cache');
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
