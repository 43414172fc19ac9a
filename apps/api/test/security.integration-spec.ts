import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ADMIN, signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

describe('security baseline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('sends a strict CSP and the helmet headers on API answers', async () => {
    const res = await request(t.server).get('/api/channel/stats').expect(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  describe('state-changing calls', () => {
    it('refuses a foreign Origin with 403 and changes nothing', async () => {
      const res = await request(t.server)
        .post('/api/auth/login')
        .set('Origin', 'https://evil.example')
        .send(ADMIN)
        .expect(403);
      expect(res.body).toEqual({
        statusCode: 403,
        message: 'Cross-origin request refused',
        error: 'Forbidden',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('accepts the site’s own Origin', async () => {
      // The server is not listening (supertest opens a port per request): any host the site answers on.
      await request(t.server)
        .post('/api/auth/login')
        .set('Host', '127.0.0.1:4200')
        .set('Origin', 'http://127.0.0.1:4200')
        .send(ADMIN)
        .expect(200);
    });

    it('refuses a cross-site browser request without Origin', async () => {
      await request(t.server)
        .post('/api/auth/login')
        .set('Sec-Fetch-Site', 'cross-site')
        .send(ADMIN)
        .expect(403);
    });

    it('refuses a body that is not JSON (an HTML form cannot send JSON cross-site)', async () => {
      const res = await request(t.server)
        .post('/api/auth/login')
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('username=admin&password=admin123')
        .expect(415);
      expect(res.body.message).toBe('Content-Type must be application/json');
    });

    it('answers malformed JSON with a 400', async () => {
      const res = await request(t.server)
        .post('/api/auth/login')
        .set('Content-Type', 'application/json')
        .send('{"username":')
        .expect(400);
      expect(res.body.statusCode).toBe(400);
    });

    it('refuses bodies over the limit with 413 (the limit fits a 2 MB image as base64)', async () => {
      const agent = await signedInAgent(t.server);
      const res = await agent
        .post('/api/settings/siteTitle')
        .send({ value: 'x'.repeat(4.5 * 1024 * 1024) })
        .expect(413);
      expect(res.body.statusCode).toBe(413);
    });
  });

  describe('OpenAPI', () => {
    it('serves the document built from the contracts outside production', async () => {
      const res = await request(t.server).get('/api/docs-json').expect(200);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(Object.keys(res.body.paths)).toEqual(
        expect.arrayContaining(['/api/videos', '/api/auth/login', '/api/admin/import']),
      );
      await request(t.server).get('/api/docs').expect(200);
    });

    it('is for the signed-in admin only in production', async () => {
      const prod = await startTestApp({
        env: {
          NODE_ENV: 'production',
          SESSION_SECRET: randomBytes(32).toString('hex'),
          ADMIN_PASSWORD: 'prod-password-1',
        },
        resetDatabase: true,
      });
      try {
        await request(prod.server).get('/api/docs-json').expect(401);
        await request(prod.server).get('/api/docs').expect(401);
        // Routing ignores case and the check must too; doubled slashes, dot segments and escapes
        // must not get round it either.
        const variants = [
          '/api/docs/',
          '/api/docs-yaml',
          '/api/docs/swagger-ui-init.js',
          '/api/Docs-json',
          '/api/DOCS/',
          '/API/DOCS-JSON',
          '/Api/Docs',
          '/api/Docs/swagger-ui-init.js',
          '//api/docs-json',
          '/api//docs-json',
          '//API//Docs/',
          '/api/./docs-json',
          '/api/%64ocs-json',
          '/api/docs%2Djson',
          '/api/%44OCS/',
          '/api/docs-json/',
          '/api/docs-json?format=json',
        ];
        const open: string[] = [];
        for (const path of variants) {
          const res = await request(prod.server).get(path);
          if (res.status !== 401) open.push(`${path} ${res.status}`);
        }
        expect(open).toEqual([]);
        const agent = await signedInAgent(prod.server, { username: 'admin', password: 'prod-password-1' });
        await agent.get('/api/docs-json').expect(200);
        await agent.get('/api/Docs-json').expect(200);
        // However it is spelt, the docs page gets the docs' policy alone (Swagger UI's inline styles), not
        // the API's stricter one on top.
        for (const path of ['/api/docs/', '/api/DOCS/']) {
          const csp = (await agent.get(path).expect(200)).headers['content-security-policy'];
          expect({ path, csp }).toEqual({
            path,
            csp: expect.stringContaining("style-src 'self' 'unsafe-inline'"),
          });
          expect(String(csp).split(',')).toHaveLength(1);
        }
      } finally {
        await prod.close();
      }
    });
  });
});
