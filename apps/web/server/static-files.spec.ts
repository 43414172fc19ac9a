import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CACHE_IMMUTABLE } from './headers';
import { BIG_JS, useFakeStack } from './test/fake-stack';
import { send } from './test/raw-request';

describe('static-files.ts', () => {
  const stack = useFakeStack();
  const get = (path: string, encoding?: string) =>
    send(stack.web.port, path, { headers: encoding === undefined ? {} : { 'Accept-Encoding': encoding } });

  it('serves hashed assets with a long immutable cache', async () => {
    const reply = await send(stack.web.port, '/assets/index-AbC123.js');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(reply.body.toString()).toBe(BIG_JS);
  });

  it('gzips text responses when the client accepts it', async () => {
    const reply = await send(stack.web.port, '/assets/index-AbC123.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.body.length).toBeLessThan(BIG_JS.length / 10);
    expect(gunzipSync(reply.body).toString()).toBe(BIG_JS);
  });

  it('sends the build’s brotli file to a browser that accepts br, with a year’s immutable caching', async () => {
    const reply = await get('/assets/pre-XyZ789.js', 'gzip, deflate, br');
    expect(reply.status).toBe(200);
    expect(reply.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': expect.stringMatching(/javascript/),
      'cache-control': CACHE_IMMUTABLE,
      vary: expect.stringMatching(/Accept-Encoding/),
    });
    expect(reply.body.equals(brotliCompressSync(BIG_JS))).toBe(true);
    expect(brotliDecompressSync(reply.body).toString()).toBe(BIG_JS);
  });

  it('sends the gzip file to a client without br, and the plain file to one without either', async () => {
    const zipped = await get('/assets/pre-XyZ789.js', 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(gunzipSync(zipped.body).toString()).toBe(BIG_JS);
    const plain = await get('/assets/pre-XyZ789.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_JS);
  });
});
