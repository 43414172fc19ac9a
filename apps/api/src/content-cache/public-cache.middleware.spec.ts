import express from 'express';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { publicCache } from './public-cache.middleware';

/** A cacheable path whose route says whether shared caches may keep its answer. */
function appAnswering(cacheControl: string) {
  const dataSource = { query: async () => [{ version: 1 }] } as unknown as DataSource;
  const cache = publicCache(dataSource);
  let built = 0;
  const app = express();
  app.use(cache.withoutCookies);
  app.get('/api/videos', (_req, res) => {
    built++;
    res.setHeader('Cache-Control', cacheControl);
    res.type('json').send(JSON.stringify({ built }));
  });
  return { app, built: () => built };
}

describe('publicCache', () => {
  it('keeps an anonymous answer and serves it again', async () => {
    const { app, built } = appAnswering('no-cache');
    await request(app).get('/api/videos').expect('X-Cache', 'miss');
    const res = await request(app).get('/api/videos').expect('X-Cache', 'hit');
    expect(res.body).toEqual({ built: 1 });
    expect(built()).toBe(1);
  });

  it.each(['private, max-age=300', 'private, no-cache', 'no-store'])(
    'never keeps an answer its route marks %j (e.g. links built from the Host)',
    async (cacheControl) => {
      const { app, built } = appAnswering(cacheControl);
      await request(app).get('/api/videos').expect('X-Cache', 'miss');
      const res = await request(app).get('/api/videos').expect('X-Cache', 'miss');
      expect(res.body).toEqual({ built: 2 });
      expect(built()).toBe(2);
    },
  );
});
