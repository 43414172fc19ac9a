import request from 'supertest';
import { VideoEntity } from '../src/videos/video.entity';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp, usingMysql } from './support/test-app';

describe('the public response cache', () => {
  let t: TestApp & { sqlitePath?: string };
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const featuredId = async () => {
    const res = await request(t.server).get('/api/videos/featured').expect(200);
    return { id: res.body?.id as string | undefined, cache: res.headers['x-cache'] };
  };

  it('answers a repeated anonymous GET from memory, with the same body and headers', async () => {
    const first = await request(t.server).get('/api/videos?limit=5').expect(200);
    const second = await request(t.server).get('/api/videos?limit=5').expect(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toEqual(first.body);
    expect(second.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    await request(t.server).get('/api/videos?limit=5').set('If-None-Match', second.headers.etag).expect(304);
  });

  it('sends big answers gzipped (compressed once, in the background) to clients that accept gzip', async () => {
    const get = (path: string, encoding: string) =>
      request(t.server).get(path).set('Accept-Encoding', encoding);
    expect((await get('/api/videos', 'gzip')).headers['x-cache']).toBe('miss');
    let zipped = await get('/api/videos', 'gzip, deflate, br');
    for (let i = 0; i < 100 && zipped.headers['content-encoding'] !== 'gzip'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      zipped = await get('/api/videos', 'gzip, deflate, br');
    }
    expect(zipped.headers).toMatchObject({ 'content-encoding': 'gzip', 'x-cache': 'hit' });
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);

    const plain = await get('/api/videos', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['x-cache']).toBe('hit');
    expect(zipped.body).toEqual(plain.body);
    expect(Number(zipped.headers['content-length'])).toBeLessThan(
      Number(plain.headers['content-length']) / 2,
    );
    expect((await get('/api/videos', 'gzip;q=0')).headers['content-encoding']).toBeUndefined();

    // A tiny answer is sent as it is.
    await get('/api/channel/stats', 'gzip');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get('/api/channel/stats', 'gzip')).headers['content-encoding']).toBeUndefined();
  });

  it('serves fresh data after a write made through the API', async () => {
    const admin = await signedInAgent(t.server);
    const before = await featuredId();
    await featuredId();
    const other = (await request(t.server).get('/api/videos?limit=2').expect(200)).body.find(
      (v: { id: string }) => v.id !== before.id,
    );
    await admin.post(`/api/videos/${other.id}/featured`).expect(200);
    expect(await featuredId()).toEqual({ id: other.id, cache: 'miss' });
    expect(await featuredId()).toEqual({ id: other.id, cache: 'hit' });
  });

  it('is not used for requests that carry a session', async () => {
    const admin = await signedInAgent(t.server);
    const res = await admin.get('/api/settings').expect(200);
    expect(res.headers['x-cache']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  // Last: the second app in this process takes over passport's global strategy when it closes.
  it('serves fresh data after a write made by another API process on the same database', async () => {
    await featuredId();
    const other = await startTestApp({
      reuse: usingMysql() ? {} : { sqlitePath: t.sqlitePath },
      resetDatabase: false,
    });
    try {
      await other.dataSource.getRepository(VideoEntity).update({ featured: true }, { featured: false });
    } finally {
      await other.app.close();
    }
    expect(await featuredId()).toEqual({ id: undefined, cache: 'miss' });
  });
});
