import { useFakeStack } from './test/fake-stack';
import { echoOf, send, sendWithoutHost } from './test/raw-request';
import type { RunningWebServer } from './web-app';

describe('host-check.ts', () => {
  const stack = useFakeStack();
  /** With PUBLIC_URL: one page for every host. */
  let site: RunningWebServer;
  beforeAll(async () => {
    site = await stack.start({ trustProxy: true, publicUrl: 'https://videos.example.com' });
  });
  const as = (host: string, proto = 'https') => ({ 'X-Forwarded-Host': host, 'X-Forwarded-Proto': proto });

  it('redirects a page asked for under another host to PUBLIC_URL, rendering nothing', async () => {
    stack.api.modelCalls = 0;
    for (const host of [
      'evil.example',
      'r4nd0m.example',
      '203.0.113.7',
      'videos.example.com.evil.example',
      'videos.example.com:8443',
    ]) {
      const reply = await send(site.port, '/videos?page=2', { headers: as(host) });
      expect({ host, status: reply.status, location: reply.headers.location }).toEqual({
        host,
        status: 308,
        location: 'https://videos.example.com/videos?page=2',
      });
    }
    // A path that would resolve to another host stays a path on PUBLIC_URL's.
    const sneaky = await send(site.port, '//evil.example/x', { headers: as('evil.example') });
    expect(sneaky.headers.location).toBe('https://videos.example.com//evil.example/x');
    // No Host at all (HTTP/1.0): the site's address too.
    expect(await sendWithoutHost(site.port, '/')).toMatch(
      /^HTTP\/1\.1 308[^]*\r\nLocation: https:\/\/videos\.example\.com\/\r\n/i,
    );
    expect(stack.api.modelCalls).toBe(0);
    // Files and the API answer under any host (the Docker health check asks for /favicon.svg by address).
    expect((await send(site.port, '/favicon.svg', { headers: as('127.0.0.1:4200', 'http') })).status).toBe(
      200,
    );
    expect(echoOf(await send(site.port, '/api/x', { headers: as('203.0.113.7') })).url).toBe('/api/x');
  });

  it.each(['evil.example/x', 'a b', '[::1', 'user@evil.example', 'evil.example:99999', '<b>'])(
    'refuses the malformed Host %j with a 400, for pages and the API alike',
    async (host) => {
      for (const path of ['/', '/admin', '/api/x', '/sitemap.xml']) {
        const reply = await send(stack.web.port, path, { headers: { Host: host } });
        expect({ path, status: reply.status, body: reply.body.toString() }).toEqual({
          path,
          status: 400,
          body: 'Bad request: invalid Host header',
        });
      }
    },
  );
});
