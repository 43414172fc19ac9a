import { type ApiPathName, apiPaths } from '@app/contracts';
import { registeredRoutes, type RouteInfo } from './support/routes';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The web app asks the API only the paths of `apiPaths` (libs/contracts/src/api-paths.ts; tools/one-home.spec.ts
 * keeps other copies out of it). This spec holds them to the routes the running app registers: each path, with
 * each method the web asks it with, reaches the handler written for it. A renamed or moved controller route, or a
 * path caught first by another route (`/api/videos/featured` by `/api/videos/:id`), fails here.
 */
const METHODS: Record<ApiPathName, RouteInfo['method'][]> = {
  channelStats: ['get'],
  videos: ['get'],
  featuredVideo: ['get'],
  video: ['get'],
  playlists: ['get'],
  settings: ['get'],
  live: ['get'],
  search: ['get'],
  pageModel: ['get'],
  sponsorReportCsv: ['get'],
  events: ['post'],
  newsletterSubscribe: ['post'],
  currentUser: ['get'],
  authSession: ['get'],
  login: ['post'],
  loginTwoFactor: ['post'],
  logout: ['post'],
  changePassword: ['post'],
  twoFactor: ['get'],
  twoFactorSetup: ['post'],
  twoFactorEnable: ['post'],
  twoFactorDisable: ['post'],
  twoFactorRecoveryCodes: ['post'],
  passkeys: ['get'],
  passkey: ['put', 'delete'],
  passkeyRegisterOptions: ['post'],
  passkeyRegister: ['post'],
  passkeyLoginOptions: ['post'],
  passkeyLogin: ['post'],
  sessions: ['get'],
  session: ['delete'],
  sessionsRevokeOthers: ['post'],
  adminSettings: ['get'],
  adminChecklist: ['get'],
  setting: ['post'],
  videoFeatured: ['post'],
  playlistPin: ['post'],
  syncYoutube: ['post'],
  syncStatus: ['get'],
  websubStatus: ['get'],
  analytics: ['get'],
  analyticsDay: ['put'],
  export: ['get'],
  import: ['post'],
  generateSitemap: ['post'],
  sponsorships: ['get', 'post'],
  sponsorship: ['put', 'delete'],
  sponsorshipReportLinks: ['get', 'post'],
  sponsorReportLink: ['delete'],
  weeklySummary: ['get'],
  sendTestEmail: ['post'],
  integrationChecks: ['get'],
  integrationTest: ['post'],
  newsletterSummary: ['get'],
  newsletterSubscribersCsv: ['get'],
  newsletterSubscriber: ['delete'],
  missingImages: ['get'],
  retryImages: ['post'],
  audit: ['get'],
  auditCsv: ['get'],
  googleAccount: ['get', 'delete'],
  googleAccountConnect: ['post'],
  youtubeAnalyticsStatus: ['get'],
  youtubeAnalyticsOverview: ['get'],
  youtubeAnalyticsContent: ['get'],
  youtubeAnalyticsAudience: ['get'],
  youtubeAnalyticsRevenue: ['get'],
  youtubeAnalyticsRefresh: ['post'],
  youtubeCaptionsStatus: ['get'],
  youtubeCaptionsSwitch: ['post'],
  youtubeCaptionsRefresh: ['post'],
  videoTranscripts: ['get'],
  videoTranscriptUpload: ['put'],
  videoTranscript: ['delete'],
};

/** What a builder's parameter looks like in a path's shape (`/api/playlists/{}/pin`). */
const PARAM = '{}';
/** A value a builder is really called with: it must stay one segment once encoded. */
const SAMPLE = 'sample id/1@x';

/** A router path in the same shape: `/api/playlists/:id/pin` → `/api/playlists/{}/pin`. */
const shapeOf = (routePath: string) => routePath.replace(/:\w+/g, PARAM);

/** What Express matches a router path against (the app's paths use nothing but `:params`). */
const matcherOf = (routePath: string) =>
  new RegExp(`^${routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);

const calls = (Object.keys(METHODS) as ApiPathName[]).flatMap((name) => {
  const entry: string | ((...values: string[]) => string) = apiPaths[name];
  const each = (value: string) =>
    Array.from({ length: typeof entry === 'function' ? entry.length : 0 }, () => value);
  const url = typeof entry === 'function' ? entry(...each(SAMPLE)) : entry;
  // The marker goes through encodeURIComponent unchanged, then stands for each parameter.
  const shape = typeof entry === 'function' ? entry(...each('PARAM')).replaceAll('PARAM', PARAM) : entry;
  return METHODS[name].map((method) => ({
    call: `${method.toUpperCase()} apiPaths.${name}`,
    method,
    url,
    shape,
  }));
});

describe('apiPaths against the API’s routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('names a method for every path (and only for those)', () => {
    expect(Object.keys(METHODS).sort()).toEqual(Object.keys(apiPaths).sort());
  });

  it('routes every path, with each method the web asks it with, to the handler written for it', () => {
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(calls.length / 2);
    // The first route that matches is the one Express runs.
    const routed = calls.map(({ call, method, url }) => {
      const route = routes.find((r) => r.method === method && matcherOf(r.path).test(url));
      return `${call} → ${route ? shapeOf(route.path) : 'no route'}`;
    });
    expect(routed).toEqual(calls.map(({ call, shape }) => `${call} → ${shape}`));
  });
});
