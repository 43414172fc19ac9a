import { createHash } from 'node:crypto';
import request from 'supertest';
import { IMAGE_STORE, type ImageStore } from '../src/images/image-store';
import { startTestApp, type TestApp } from './support/test-app';

const HASH = 'a1b2c3d4e5f60718293a';

describe('GET /images/<hash>/<file>', () => {
  let t: TestApp;
  let store: ImageStore;
  const avif = Buffer.from('not really an avif, but the route serves bytes as stored');

  beforeAll(async () => {
    t = await startTestApp({ env: { SEED_DEMO_CONTENT: 'false' } });
    store = t.app.get<ImageStore>(IMAGE_STORE);
    await store.put(`${HASH}/640.avif`, avif, 'image/avif');
    await store.put(`${HASH}/og.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
  });
  afterAll(() => t.close());

  it('serves a stored file, immutable, with a strong ETag of its bytes, its type and its length', async () => {
    const res = await request(t.server).get(`/images/${HASH}/640.avif`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers['content-length']).toBe(String(avif.length));
    expect(Buffer.from(res.body as Buffer)).toEqual(avif);
    const etag = `"${createHash('sha256').update(avif).digest('base64url').slice(0, 27)}"`;
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['set-cookie']).toBeUndefined();
    await request(t.server).get(`/images/${HASH}/640.avif`).set('If-None-Match', etag).expect(304);
    await request(t.server).get(`/images/${HASH}/640.avif`).set('If-None-Match', '"other"').expect(200);
    const og = await request(t.server).get(`/images/${HASH}/og.jpg`).expect(200);
    expect(og.headers['content-type']).toBe('image/jpeg');
    const head = await request(t.server).head(`/images/${HASH}/og.jpg`).expect(200);
    expect(head.headers['content-length']).toBe('4');
  });

  it('answers 404 for a valid name the store does not hold', async () => {
    const res = await request(t.server).get(`/images/${HASH}/320.webp`).expect(404);
    expect(res.headers['cache-control']).toBe('no-store');
    await request(t.server)
      .get(`/images/${'0'.repeat(20)}/og.jpg`)
      .expect(404);
  });

  it.each([
    `/images/${HASH}/../${HASH}/640.avif`,
    `/images/${HASH}/%2e%2e/640.avif`,
    `/images/%2e%2e/%2e%2e/etc/passwd`,
    `/images/${HASH}/..%2f..%2fapp.sqlite`,
    `/images/${HASH}/640.avif/`,
    `/images/${HASH}/640.png`,
    `/images/${HASH}/0640.avif`,
    `/images/${HASH}/.640.avif.tmp`,
    `/images/${HASH}/og.jpeg`,
    `/images/${HASH.toUpperCase()}/640.avif`,
    `/images/${HASH}0/640.avif`,
    `/images/${HASH}/${'1'.repeat(300)}.jpg`,
    `/images/${HASH}`,
    '/images/',
  ])('refuses %s with 400 naming the path', async (path) => {
    const res = await request(t.server).get(path);
    // `..` may be resolved by the client before sending; whatever arrives is refused, never served.
    expect([400, 404]).toContain(res.status);
    if (!path.includes('/../')) expect(res.status).toBe(400);
    if (res.status === 400) expect(res.body.message).toBe('path: not an image name (/images/<hash>/<file>)');
  });
});
