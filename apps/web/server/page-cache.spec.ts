import { brotliDecompressSync } from 'node:zlib';
import { CACHE_NONE } from './headers';
import { useFakeStack } from './test/fake-stack';
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

  it('keeps pages by path, whatever the spelling of the host or the protocol: one API call per view, a 304 while nothing changed', async () => {
    stack.api.publicUrl = 'https://videos.example.com';
    await send(site.port, '/', { headers: as('videos.example.com') });
    stack.api.modelCalls = 0;
    stack.api.modelBodies = 0;
    for (const [host, proto] of [
      ['videos.example.com', 'https'],
      ['VIDEOS.Example.COM', 'https'],
      ['videos.example.com:443', 'https'],
      ['videos.example.com', 'http'],
    ]) {
      const page = await send(site.port, '/', { headers: as(host, proto) });
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('<title>Head for https://videos.example.com</title>');
    }
    stack.api.publicUrl = undefined;
    expect(stack.api.modelCalls).toBe(4);
    expect(stack.api.modelBodies).toBe(0);
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

  it('asks the API once for concurrent views of one page, and keeps every path it does not render as one page', async () => {
    await get('/');
    stack.api.modelCalls = 0;
    stack.api.modelDelay = 200;
    try {
      const views = await Promise.all(['/', '/', '/', '/', '/'].map((path) => get(path, 'br')));
      for (const view of views) expect(brotliDecompressSync(view.body).toString()).toContain('SPA-INDEX');
    } finally {
      stack.api.modelDelay = 0;
    }
    expect(stack.api.modelCalls).toBe(1);
    // Random paths are the one page of the paths not rendered here: no page model of their own.
    stack.api.modelCalls = 0;
    stack.api.modelBodies = 0;
    for (const path of ['/admin', '/r4nd0m', '/x/y/z', '/admin'])
      expect((await get(path)).body.toString()).toContain('SPA-INDEX');
    expect(stack.api.modelCalls).toBe(4);
    expect(stack.api.modelBodies).toBeLessThanOrEqual(1);
    // Another origin (no PUBLIC_URL: the head's links follow the host) has its own page.
    const other = await send(stack.web.port, '/', { headers: { Host: 'other.example' } });
    expect(other.body.toString()).toContain('Head for http://other.example');
  });

  it('shows a save made at the API (not through this server) on the very next view, without waiting', async () => {
    expect((await get('/')).body.toString()).toContain('<title>Head for');
    const before = Date.now();
    stack.api.siteTitle = 'Saved title';
    try {
      expect((await get('/')).body.toString()).toContain('<title>Saved title for');
      expect((await get('/admin')).body.toString()).toContain('<title>Saved title for');
      expect(Date.now() - before).toBeLessThan(1000);
    } finally {
      stack.api.siteTitle = 'Head';
    }
  });
});
