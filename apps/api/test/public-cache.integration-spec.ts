import { CONTENT_VERSION_HEADER } from '@app/contracts/api-paths';
import request from 'supertest';
import {
  CDN_CACHE_CONTROL,
  NO_STORE,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from '../src/content-cache/cache-control';
import { VideoEntity } from '../src/videos/video.entity';
import { ADMIN, sessionCookie, signedInAgent } from './support/auth';
import { registeredRoutes, samplePath } from './support/routes';
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

  it('sends big answers gzipped (compressed once, off the event loop, from the first answer) to clients that accept gzip', async () => {
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

  describe('decides by the session resolved, not by the cookie text', () => {
    /** The admin's session cookie as sent with a space before `=` (`sid =s%3A…`), which cookie parsers accept. */
    const spacedSessionCookie = async () => {
      const login = await request(t.server).post('/api/auth/login').send(ADMIN).expect(200);
      const [name, value] = sessionCookie(login).split(/=(.*)/s);
      return `${name} =${value}`;
    };

    it('a `sid =` cookie that resolves to the session is neither served from memory nor stored', async () => {
      const cookie = await spacedSessionCookie();
      // The API does resolve it: the session works for an admin-only call.
      await request(t.server).get('/api/auth/me').set('Cookie', cookie).expect(200);
      const path = '/api/videos?limit=3';
      const signedIn = await request(t.server).get(path).set('Cookie', cookie).expect(200);
      expect(signedIn.headers['x-cache']).toBeUndefined();
      expect(signedIn.headers['cache-control']).toBe('no-store');
      // Nothing was stored from that answer: the first anonymous request builds its own.
      expect((await request(t.server).get(path).expect(200)).headers['x-cache']).toBe('miss');
    });

    it('visitors whose cookies resolve no session (analytics cookies, a stale sid) are served from memory', async () => {
      const path = '/api/videos?limit=4';
      expect((await request(t.server).get(path).expect(200)).headers['x-cache']).toBe('miss');
      for (const cookie of ['_ga=GA1.1.123.456', 'sid=s%3Aunknown.signature; _ga=GA1.1.1', 'sid =nope']) {
        const res = await request(t.server).get(path).set('Cookie', cookie).expect(200);
        expect({ cookie, cache: res.headers['x-cache'] }).toEqual({ cookie, cache: 'hit' });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('nothing admin-only reaches anonymous visitors through the cache, whatever cookie a session sent', async () => {
      const admin = await signedInAgent(t.server);
      await admin.post('/api/settings/contactEmail').send({ value: 'owner@example.com' }).expect(200);
      await admin.post('/api/settings/notificationEmail').send({ value: 'alerts@example.com' }).expect(200);
      await admin
        .post('/api/settings/affiliatePrograms')
        .send({ value: [{ id: 'amz', name: 'Amazon', baseUrl: 'https://amazon.example' }] })
        .expect(200);
      try {
        const cookie = await spacedSessionCookie();
        for (const send of [
          () => request(t.server).get('/api/settings').set('Cookie', cookie),
          () => admin.get('/api/settings'),
        ]) {
          const signedIn = await send().expect(200);
          expect(signedIn.headers['x-cache']).toBeUndefined();
          for (let i = 0; i < 2; i++) {
            const anonymous = await request(t.server).get('/api/settings').expect(200);
            expect(anonymous.text).not.toMatch(/owner@example\.com|alerts@example\.com|amazon\.example/);
            expect(anonymous.body).not.toHaveProperty('contactEmail');
            expect(anonymous.body).not.toHaveProperty('notificationEmail');
            expect(anonymous.body).not.toHaveProperty('affiliatePrograms');
          }
        }
      } finally {
        await admin.post('/api/settings/contactEmail').send({ value: '' }).expect(200);
        await admin.post('/api/settings/notificationEmail').send({ value: '' }).expect(200);
        await admin.post('/api/settings/affiliatePrograms').send({ value: [] }).expect(200);
      }
    });
  });

  describe('HTTP caching headers a CDN or nginx can use', () => {
    // One Host throughout: without PUBLIC_URL the ETag also names the origin (links follow it), and
    // supertest would otherwise ask on a new port each time.
    const visitor = (path: string) => request(t.server).get(path).set('Host', 'site.example');
    /** Every public GET with its Cache-Control while PUBLIC_URL is unset (links following the Host: private). */
    const PUBLIC_GETS: [string, string][] = [
      ['/api/videos', PUBLIC_CACHE_CONTROL],
      ['/api/videos?limit=2&offset=1', PUBLIC_CACHE_CONTROL],
      ['/api/videos/featured', PUBLIC_CACHE_CONTROL],
      ['/api/playlists', PUBLIC_CACHE_CONTROL],
      ['/api/channel/stats', PUBLIC_CACHE_CONTROL],
      ['/api/settings', PUBLIC_CACHE_CONTROL],
      ['/api/live', PUBLIC_CACHE_CONTROL],
      ['/api/demo/thumbnails/v1.svg', 'public, max-age=604800, immutable'],
      ['/sitemap.xml', PRIVATE_CACHE_CONTROL],
      ['/rss.xml', PRIVATE_CACHE_CONTROL],
      ['/robots.txt', PRIVATE_CACHE_CONTROL],
      ['/opensearch.xml', PRIVATE_CACHE_CONTROL],
    ];

    it.each(PUBLIC_GETS)(
      '%s carries a content-version ETag, Vary and %j, and answers 304 on a match',
      async (path, cacheControl) => {
        const first = await visitor(path).expect(200);
        expect(first.headers['cache-control']).toBe(cacheControl);
        expect(first.headers.etag).toMatch(/^W\/"v\d+-[\w-]+"$/);
        expect(first.headers.vary).toMatch(/Accept-Encoding/);
        expect(first.headers.vary ?? '').not.toMatch(/Cookie/);
        // nginx's form of "until the end of this second" (it counts whole seconds).
        expect(Number(first.headers['x-accel-expires'].slice(1))).toBeGreaterThanOrEqual(
          Math.floor(Date.now() / 1000) - 1,
        );
        // A CDN keeps it 1 s and then serves it stale while it revalidates; a browser asks again each time.
        expect(first.headers['cdn-cache-control']).toBe(
          cacheControl === PUBLIC_CACHE_CONTROL ? CDN_CACHE_CONTROL : undefined,
        );
        const again = await visitor(path).set('If-None-Match', first.headers.etag).expect(304);
        expect(again.headers).toMatchObject({ etag: first.headers.etag, 'cache-control': cacheControl });
        expect(again.headers['cdn-cache-control']).toBe(first.headers['cdn-cache-control']);
        // A cache's list of validators, or the strong form of the same tag, matches too.
        await visitor(path)
          .set('If-None-Match', `W/"other", ${first.headers.etag.slice(2)}`)
          .expect(304);
      },
    );

    it('gives each URL, encoding and content version its own ETag', async () => {
      const etag = async (path: string, encoding = 'identity') =>
        (await visitor(path).set('Accept-Encoding', encoding).expect(200)).headers.etag as string;
      const all = await etag('/api/videos');
      expect(await etag('/api/videos?limit=3')).not.toBe(all);
      let zipped = await etag('/api/videos', 'gzip');
      for (let i = 0; i < 100 && zipped === all; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        zipped = await etag('/api/videos', 'gzip');
      }
      expect(zipped).toBe(`${all.slice(0, -1)}-gzip"`);
      await visitor('/api/videos').set('If-None-Match', zipped).expect(304);

      const admin = await signedInAgent(t.server);
      const before = await etag('/api/channel/stats');
      await admin.post('/api/settings/contactEmail').send({ value: 'etag@example.com' }).expect(200);
      await admin.post('/api/settings/contactEmail').send({ value: '' }).expect(200);
      const after = await etag('/api/channel/stats');
      expect(after).not.toBe(before);
      await visitor('/api/channel/stats').set('If-None-Match', before).expect(200);
    });

    it("names the content version in X-Content-Version (for the web server's renderer), which every write bumps", async () => {
      const version = async () => {
        const res = await visitor('/api/settings').expect(200);
        expect(res.headers[CONTENT_VERSION_HEADER.toLowerCase()]).toMatch(/^\d+$/);
        return Number(res.headers[CONTENT_VERSION_HEADER.toLowerCase()]);
      };
      const before = await version();
      // A HEAD (what the renderer asks) carries it too.
      const head = await request(t.server).head('/api/settings').expect(200);
      expect(head.headers[CONTENT_VERSION_HEADER.toLowerCase()]).toBe(String(before));
      const admin = await signedInAgent(t.server);
      await admin.post('/api/settings/contactEmail').send({ value: 'version@example.com' }).expect(200);
      await admin.post('/api/settings/contactEmail').send({ value: '' }).expect(200);
      expect(await version()).toBeGreaterThan(before);
      // Never on a session's answers.
      const signedIn = await admin.get('/api/settings').expect(200);
      expect(signedIn.headers[CONTENT_VERSION_HEADER.toLowerCase()]).toBeUndefined();
    });

    it('answers 304 to a visitor with unrelated cookies, never to a session', async () => {
      const first = await visitor('/api/playlists').expect(200);
      await visitor('/api/playlists')
        .set({ Cookie: '_ga=GA1.1.1', 'If-None-Match': first.headers.etag })
        .expect(304);
      const admin = await signedInAgent(t.server);
      const signedIn = await admin
        .get('/api/playlists')
        .set('Host', 'site.example')
        .set('If-None-Match', first.headers.etag);
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers['cache-control']).toBe(NO_STORE);
    });

    it('a signed-in GET of any public route is never shared-cacheable', async () => {
      const admin = await signedInAgent(t.server);
      for (const [path] of PUBLIC_GETS) {
        const res = await admin.get(path).set('Host', 'site.example').expect(200);
        expect({ path, cacheControl: res.headers['cache-control'] }).toEqual({
          path,
          cacheControl: NO_STORE,
        });
        expect(res.headers['x-accel-expires']).toBeUndefined();
      }
    });

    it('every non-public route (signed in or not), every write and every error answer no-store', async () => {
      const admin = await signedInAgent(t.server);
      const publicGets = new Set(PUBLIC_GETS.map(([path]) => path.split('?')[0]));
      const routes = registeredRoutes(t.app).filter(
        (r) => !r.path.startsWith('/api/docs') && !(r.method === 'get' && publicGets.has(samplePath(r.path))),
      );
      expect(routes.some((r) => r.path.startsWith('/api/admin/'))).toBe(true);
      expect(routes.some((r) => r.path.startsWith('/api/auth/'))).toBe(true);
      for (const route of routes) {
        const path = samplePath(route.path);
        // The admin only reads: a write could sign out, start a sync, or change the settings.
        const askers =
          route.method === 'get'
            ? ([
                ['visitor', request(t.server)],
                ['admin', admin],
              ] as const)
            : ([['visitor', request(t.server)]] as const);
        for (const [who, agent] of askers) {
          // Writes are sent without a body (a 400 at most): the header is what is checked.
          const res = await agent[route.method](path);
          expect({
            route: `${route.method} ${route.path}`,
            who,
            cacheControl: res.headers['cache-control'],
          }).toEqual({
            route: `${route.method} ${route.path}`,
            who,
            cacheControl: NO_STORE,
          });
        }
      }
      const missing = await visitor('/api/demo/thumbnails/nope.svg').expect(404);
      expect(missing.headers['cache-control']).toBe(NO_STORE);
    });
  });

  // Last: the second app in this process takes over passport's global strategy when it closes.
  it('serves fresh data after a write made by another API process on the same database', async () => {
    const chosen = async () => {
      const res = await request(t.server).get('/api/videos/featured').expect(200);
      return { chosen: res.body?.featured as boolean, cache: res.headers['x-cache'] };
    };
    expect((await chosen()).chosen).toBe(true);
    const other = await startTestApp({
      reuse: usingMysql() ? {} : { sqlitePath: t.sqlitePath },
      resetDatabase: false,
    });
    try {
      await other.dataSource.getRepository(VideoEntity).update({ featured: true }, { featured: false });
    } finally {
      await other.app.close();
    }
    // None chosen now: the newest long video stands in, not chosen.
    expect(await chosen()).toEqual({ chosen: false, cache: 'miss' });
  });
});
