import { settingsKeys } from '@app/contracts';
import fc from 'fast-check';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { signedInAgent } from './support/auth';
import { registeredRoutes } from './support/routes';
import { startTestApp, type TestApp } from './support/test-app';

/** Tables whose content a rejected write must not change (sessions and throttle counters move by design). */
const CONTENT_TABLES = ['channel', 'video', 'playlist', 'setting', 'user'];

/** Routes whose success changes who is signed in; fuzzed separately. */
const SESSION_ROUTES = new Set(['post /api/auth/login', 'post /api/auth/logout']);

const pathSegment = fc.oneof(
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.stringMatching(/^[\w-]{1,40}$/),
  fc.constantFrom(...settingsKeys),
  fc.constantFrom('..', '%00', ' ', 'constructor', '__proto__', 'x'.repeat(300)),
);

const bodyArb = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.constantFrom(
      'value',
      'pinned',
      'currentPassword',
      'newPassword',
      'username',
      'password',
      'schemaVersion',
      'videos',
    ),
    fc.jsonValue(),
  ),
  fc.record({
    value: fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary' }), fc.constant('data:image/png;base64,AAAA')),
  }),
);

describe('fuzzing every write route', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedInAgent(t.server);
  });
  afterAll(() => t.close());

  const snapshot = async () => {
    const tables: Record<string, unknown[]> = {};
    for (const table of CONTENT_TABLES) {
      tables[table] = await t.dataSource.query(
        `SELECT * FROM ${t.dataSource.driver.escape(table)} ORDER BY 1`,
      );
    }
    return tables;
  };

  const writeRoutes = () =>
    registeredRoutes(t.app).filter((r) => r.method !== 'get' && !SESSION_ROUTES.has(`${r.method} ${r.path}`));

  // The routes are read from the running app, so they cannot each get a test of their own; they are dealt into a
  // few tests instead, so one test's time stays within its timeout however many write routes the API gains.
  const SHARDS = 6;
  it('has write routes to fuzz', () => expect(writeRoutes().length).toBeGreaterThanOrEqual(6));

  it.each(Array.from({ length: SHARDS }, (_, shard) => shard))(
    'never answers 5xx, and a rejected write changes no content (routes %i mod 6)',
    async (shard) => {
      const routes = writeRoutes().filter((_, index) => index % SHARDS === shard);
      // The content before each write: after a rejected write, the snapshot that proved it changed nothing (nothing
      // else writes meanwhile); after any other outcome it is read again. Half the queries of reading it every time.
      let before: Awaited<ReturnType<typeof snapshot>> | undefined;
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(pathSegment, bodyArb, async (segment, body) => {
            const path = route.path.replace(/:\w+/g, encodeURIComponent(segment));
            const current = before ?? (await snapshot());
            before = undefined;
            const res = await admin[route.method](path)
              .set('Content-Type', 'application/json')
              .send(JSON.stringify(body));
            expect({ route: route.path, status: res.status, body: res.body }).toEqual({
              route: route.path,
              status: expect.any(Number),
              body: expect.anything(),
            });
            expect(res.status).toBeLessThan(500);
            if (res.status >= 400) {
              expect(res.body).toEqual({
                statusCode: res.status,
                message: expect.any(String),
                error: expect.any(String),
              });
              const after = await snapshot();
              expect(after).toEqual(current);
              before = after;
            }
          }),
          { numRuns: 40 },
        );
      }
      // Still signed in: the fuzzing never logged the admin out.
      await admin.get('/api/auth/me').expect(200);
    },
  );

  it('login never answers 5xx whatever the body', async () => {
    await fc.assert(
      fc.asyncProperty(bodyArb, async (body) => {
        const res = await request(t.server)
          .post('/api/auth/login')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
        expect([200, 400, 401, 429]).toContain(res.status);
      }),
      { numRuns: 60 },
    );
  });
});
