import request from 'supertest';
import { registeredRoutes, samplePath } from './support/routes';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The routes anonymous visitors may call. Everything else must answer 401 without a session:
 * a new route is private unless it is added here on purpose.
 */
const PUBLIC_ROUTES = new Set([
  'get /api/health',
  'get /api/channel/stats',
  'get /api/videos',
  'get /api/videos/featured',
  'get /api/videos/:id',
  'get /api/playlists',
  'get /api/settings',
  'get /api/live',
  'get /api/search',
  // Who is signed in: `{ user: null }` for a visitor, never anyone else's session.
  'get /api/auth/session',
  'post /api/auth/login',
  'post /api/auth/login/two-factor',
  'post /api/auth/login/passkey/options',
  'post /api/auth/login/passkey',
  'get /api/demo/thumbnails/:name',
  'get /sitemap.xml',
  'get /rss.xml',
  'get /robots.txt',
  'get /oembed',
  'get /opensearch.xml',
  'get /api/page',
  // A sponsor report's CSV: its signed link's token is the key (a revoked or made-up one is a 410 or 404).
  'get /api/sponsor-reports/:token/report.csv',
  'post /api/newsletter/subscribe',
  'get /api/newsletter/confirm',
  'get /api/newsletter/unsubscribe',
  'post /api/newsletter/unsubscribe',
  'post /api/events',
  'get /api/youtube/websub',
  'post /api/youtube/websub',
]);

describe('server-side enforcement of every admin route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const routes = () => registeredRoutes(t.app).filter((r) => !r.path.startsWith('/api/docs'));

  it('finds the routes from the running app', () => {
    const keys = routes().map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'get /api/auth/me',
        'post /api/videos/:id/featured',
        'get /api/admin/settings',
        'get /api/admin/checklist',
        'post /api/integrations/:id/test',
        'get /api/admin/integrations/checks',
        'post /api/integrations/email/send-test',
        'get /api/admin/weekly-summary',
        'get /api/admin/newsletter/summary',
        'get /api/admin/newsletter/subscribers.csv',
        'delete /api/admin/newsletter/subscribers/:email',
        'get /api/admin/sponsorships',
        'post /api/admin/sponsorships',
        'put /api/admin/sponsorships/:id',
        'delete /api/admin/sponsorships/:id',
        'get /api/admin/sponsorships/:id/report-links',
        'post /api/admin/sponsorships/:id/report-links',
        'delete /api/admin/sponsor-report-links/:id',
        'get /api/auth/passkeys',
        'post /api/auth/passkeys/register/options',
        'post /api/auth/passkeys/register',
        'put /api/auth/passkeys/:id',
        'delete /api/auth/passkeys/:id',
        'get /api/auth/sessions',
        'delete /api/auth/sessions/:id',
        'post /api/auth/sessions/revoke-others',
        'get /api/admin/images/missing',
        'post /api/admin/images/retry',
        'get /api/admin/audit',
        'get /api/admin/audit.csv',
        'get /api/admin/videos/:id/transcripts',
        'put /api/admin/videos/:id/transcripts/:language',
        'delete /api/admin/videos/:id/transcripts/:source/:language/:kind',
      ]),
    );
    // The public list is not stale: each entry is a real route.
    for (const route of PUBLIC_ROUTES) expect(keys).toContain(route);
  });

  it('answers 401 without a session on every non-public route', async () => {
    const privateRoutes = routes().filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`));
    expect(privateRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of privateRoutes) {
      const res = await request(t.server)[route.method](samplePath(route.path)).send({});
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
      expect(res.body).toEqual({
        statusCode: 401,
        message: 'Authentication required',
        error: 'Unauthorized',
      });
    }
  });
});
