import { pagePolicySources } from '@app/contracts/page-policy';
import helmet from 'helmet';
import { contentSecurityPolicyFor, inlineScriptHashes } from './page-csp';
import { INDEX_HTML, useFakeStack } from './test/fake-stack';
import { send } from './test/raw-request';

const THIRD_PARTY_HOSTS = /googletagmanager|google-analytics|plausible|googlesyndication|doubleclick/;

describe('headers.ts', () => {
  const stack = useFakeStack();

  it('sends the pages’ CSP, allowing the inline script of the built index.html by its hash', async () => {
    const expected = contentSecurityPolicyFor(INDEX_HTML);
    for (const path of ['/', '/admin', '/index.html']) {
      const reply = await send(stack.web.port, path);
      expect(reply.headers['content-security-policy']).toBe(expected);
    }
    expect(expected).toContain(inlineScriptHashes(INDEX_HTML)[0]);
    const asset = await send(stack.web.port, '/assets/index-AbC123.js');
    expect(asset.headers['content-security-policy']).toBeUndefined();
  });

  it('lets in the analytics and ad hosts only while the API says those features are on', async () => {
    try {
      for (const path of ['/', '/admin', '/index.html']) {
        const off = (await send(stack.web.port, path)).headers['content-security-policy'];
        expect(off).toBe(contentSecurityPolicyFor(INDEX_HTML));
        expect(off).not.toMatch(THIRD_PARTY_HOSTS);
      }
      stack.api.features = { googleAnalytics: false, plausible: true, adsense: false };
      const plausible = (await send(stack.web.port, '/')).headers['content-security-policy'] as string;
      expect(plausible).toMatch(/script-src [^;]*https:\/\/plausible\.io/);
      expect(plausible).toMatch(/connect-src [^;]*https:\/\/plausible\.io/);
      expect(plausible).not.toMatch(/googletagmanager|googlesyndication/);
      stack.api.features = { googleAnalytics: true, plausible: true, adsense: true };
      const all = (await send(stack.web.port, '/videos')).headers['content-security-policy'] as string;
      expect(all).toBe(contentSecurityPolicyFor(INDEX_HTML, pagePolicySources(stack.api.features)));
      expect(all).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
      expect(all).toMatch(/script-src [^;]*https:\/\/pagead2\.googlesyndication\.com/);
      expect(all).toContain(inlineScriptHashes(INDEX_HTML)[0]);
    } finally {
      stack.api.features = { googleAnalytics: false, plausible: false, adsense: false };
    }
  });

  it('sends the API’s HSTS (helmet’s default) on pages, assets, files, 404s and proxied answers, once', async () => {
    let hsts = '';
    const res = { setHeader: (_name: string, value: string) => (hsts = value) };
    helmet.strictTransportSecurity()({} as never, res as never, () => undefined);
    expect(hsts).toMatch(/^max-age=\d+; includeSubDomains$/);
    for (const path of [
      '/',
      '/admin',
      '/index.html',
      '/assets/index-AbC123.js',
      '/favicon.svg',
      '/nope.png',
      '/api/x',
      '/api/hsts',
    ]) {
      const reply = await send(stack.web.port, path);
      expect([path, reply.headers['strict-transport-security']]).toEqual([path, hsts]);
    }
  });
});
