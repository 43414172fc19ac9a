import { sleep } from '@app/node-server/raw-http';
import { brotliDecompressSync } from 'node:zlib';
import { CACHE_NONE } from './headers';
import { PUBLIC_CACHE_CONTROL, useFakeStack } from './test/fake-stack';
import { send } from './test/raw-request';
import type { RunningWebServer } from './web-app';

describe('page-cache.ts', () => {
  const stack = useFakeStack();
  /** With PUBLIC_URL: one page for every host. */
  let site: RunningWebServer;
  beforeAll(async () => {
    site = await stack.start({ trustProxy: true, publicUrl: 'https://videos.example.com' });
  });
  const as = (host: string, proto = 'https') => ({ 'X-Forwarded-Host': host, 'X-Forwarded-Proto': proto });
  const get = (path: string, encoding?: string) =>
    send(stack.web.port, path, { headers: encoding === undefined ? {} : { 'Accept-Encoding': encoding } });

  it('keeps pages and API answers by path, whatever the spelling of the host or the protocol', async () => {
    stack.api.policyCacheControl = PUBLIC_CACHE_CONTROL;
    try {
      // At the start of a second: the API answers are kept until its end.
      await sleep(1020 - (Date.now() % 1000));
      stack.api.policyCalls = 0;
      stack.api.publicCalls.clear();
      for (const [host, proto] of [
        ['videos.example.com', 'https'],
        ['VIDEOS.Example.COM', 'https'],
        ['videos.example.com:443', 'https'],
        ['videos.example.com', 'http'],
      ]) {
        const page = await send(site.port, '/', { headers: as(host, proto) });
        expect(page.status).toBe(200);
        expect(page.body.toString()).toContain('SPA-INDEX');
        await send(site.port, '/api/public/site', { headers: as(host, proto) });
      }
      expect(stack.api.policyCalls).toBe(1);
      expect(stack.api.publicCalls.get('/api/public/site')).toBe(1);
    } finally {
      stack.api.policyCacheControl = 'no-store';
    }
  });

  it('a page asked for with another Host or X-Forwarded-Host never carries it to the next visitor', async () => {
    await send(stack.web.port, '/', { headers: { Host: 'evil.example' } });
    const page = await send(stack.web.port, '/', {
      headers: { Host: 'videos.example.org', 'X-Forwarded-Host': 'evil.example' },
    });
    expect(page.body.toString()).toContain('<title>Head for http://videos.example.org</title>');
    expect(page.body.toString()).not.toContain('evil.example');
    expect(page.headers['cache-control']).toBe(CACHE_NONE);
  });

  it('renders a page once a second per origin while the API lets its policy be kept', async () => {
    stack.api.policyCacheControl = PUBLIC_CACHE_CONTROL;
    try {
      await sleep(1100);
      stack.api.policyCalls = 0;
      const views = await Promise.all(['/', '/admin', '/', '/videos'].map((path) => get(path, 'br')));
      for (const view of views) expect(brotliDecompressSync(view.body).toString()).toContain('SPA-INDEX');
      expect(stack.api.policyCalls).toBe(1);
      const other = await send(stack.web.port, '/', { headers: { Host: 'other.example' } });
      expect(other.body.toString()).toContain('Head for http://other.example');
      expect(stack.api.policyCalls).toBe(2);
      await sleep(1100);
      await get('/');
      expect(stack.api.policyCalls).toBe(3);
    } finally {
      stack.api.policyCacheControl = 'no-store';
    }
  });
});
