import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CACHE_NONE } from './headers';
import { contentSecurityPolicyFor } from './page-csp';
import { INDEX_HTML, useFakeStack } from './test/fake-stack';
import { send } from './test/raw-request';

describe('page-response.ts', () => {
  const stack = useFakeStack();
  const get = (path: string, encoding?: string) =>
    send(stack.web.port, path, { headers: encoding === undefined ? {} : { 'Accept-Encoding': encoding } });

  it('serves index.html at / without caching', async () => {
    const reply = await send(stack.web.port, '/');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.headers['cache-control']).toBe(CACHE_NONE);
    expect(reply.body.toString()).toContain('SPA-INDEX');
  });

  it('keeps index.html uncached by browsers, and sends it compressed as the client accepts', async () => {
    for (const [encoding, decode] of [
      ['gzip, deflate, br', brotliDecompressSync],
      ['gzip', gunzipSync],
      ['identity', (body: Buffer) => body],
    ] as const) {
      const page = await get('/', encoding);
      expect(page.headers['cache-control']).toBe(CACHE_NONE);
      expect(page.headers['content-security-policy']).toBe(contentSecurityPolicyFor(INDEX_HTML));
      expect(page.headers.vary).toMatch(/Accept-Encoding/);
      expect(decode(page.body).toString()).toContain('SPA-INDEX');
    }
  });
});
