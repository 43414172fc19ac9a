import type { AdminSessions, SponsorshipList } from '@app/contracts';
import { generateSync } from 'otplib';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { SoftAuthenticator } from './support/soft-authenticator';
import {
  type OpenApiDocument,
  type OpenApiSchema,
  openApiDocumentErrors,
  operations,
  SchemaValidator,
  toOpenApiPath,
} from './support/openapi';
import { registeredRoutes, routesTakingBody } from './support/routes';
import { useStack } from './support/stack';
import type { TestApp } from './support/test-app';
import type { NewsletterLinkPurpose } from '../src/newsletter/newsletter-links';
import { NewsletterService } from '../src/newsletter/newsletter.service';
import { WebsubIntentEntity } from '../src/youtube/websub-intent.entity';

/**
 * The OpenAPI document is generated from the contracts (apps/api/src/docs, docs/api.md). This spec keeps it
 * honest: it is valid OpenAPI 3.1, it documents every route the app registers with its request and answer
 * schemas, and the real answers of every route (below, one or more calls each) match what it documents.
 * A new route fails here until it is documented (`@ApiJson`/`@ApiText`) and has a call in CALLS.
 */

/**
 * `pending`: a fresh client that passed the password step while two-factor sign-in is on. `browser`: a visitor
 * that keeps its cookie from call to call (a passkey sign-in takes two).
 */
type Who = 'visitor' | 'admin' | 'pending' | 'browser';
interface Call {
  /** `method /router/path` as Express registered it. */
  route: string;
  status: number;
  as?: Who;
  /** The concrete URL, when it differs from the route's path. */
  url?: string | (() => string);
  body?: unknown | (() => unknown);
  headers?: Record<string, string>;
}

let t: TestApp;
let admin: TestAgent;
let browser: TestAgent;
/** The passkey registered and used below; its origin is the Host the calls name. */
const passkey = new SoftAuthenticator('http://site.example');
const SITE_HOST = { Host: 'site.example' };
/** An unsubscribe the site asked the WebSub hub for, waiting for its verification. */
const WEBSUB_ASKED = {
  token: 'a'.repeat(48),
  mode: 'unsubscribe',
  topic: 'https://www.youtube.com/xml/feeds/videos.xml?channel_id=UCold',
  leaseSeconds: null,
} as const;
let doc: OpenApiDocument;
let schemas: SchemaValidator;
/** Answers kept for later calls (ids to feature and pin, the backup to import back). */
const seen: Record<string, unknown> = {};

const firstId = (key: string) => (seen[key] as { id: string }[])[0].id;
const otherSessionId = () =>
  (seen['get /api/auth/sessions'] as AdminSessions).sessions.find((session) => !session.current)!.id;
/** `sponsor-reports/{token}` of the report link made below. */
const reportToken = () =>
  new URL((seen['post /api/admin/sponsorships/:id/report-links'] as { url: string }).url).pathname.slice(1);
const recoveryCode = (key: string, i: number) => (seen[key] as { recoveryCodes: string[] }).recoveryCodes[i];

const SPONSOR_DEAL = {
  sponsorName: 'Acme',
  url: 'https://acme.example',
  message: 'Thanks to Acme',
  amountUsd: 300,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
};

/** In order: the state each call leaves is what the next one finds. */
const CALLS: Call[] = [
  { route: 'get /api/health', status: 200 },
  { route: 'post /api/auth/login', status: 200, body: { username: 'admin', password: 'admin123' } },
  { route: 'post /api/auth/login', status: 401, body: { username: 'admin', password: 'wrong-password' } },
  { route: 'post /api/auth/login', status: 400, body: { username: 'admin' } },
  { route: 'get /api/auth/me', status: 200, as: 'admin' },
  { route: 'get /api/auth/session', status: 200 },
  // The visitor's sign-in above left a second signed-in session.
  { route: 'get /api/auth/sessions', status: 200, as: 'admin' },
  {
    route: 'delete /api/auth/sessions/:id',
    status: 200,
    as: 'admin',
    url: () => `/api/auth/sessions/${otherSessionId()}`,
  },
  {
    route: 'delete /api/auth/sessions/:id',
    status: 404,
    as: 'admin',
    url: () => `/api/auth/sessions/${otherSessionId()}`,
  },
  { route: 'delete /api/auth/sessions/:id', status: 400, as: 'admin', url: '/api/auth/sessions/x' },
  { route: 'post /api/auth/sessions/revoke-others', status: 200, as: 'admin', body: {} },
  { route: 'get /api/auth/passkeys', status: 200, as: 'admin' },
  {
    route: 'post /api/auth/passkeys/register/options',
    status: 400,
    as: 'admin',
    body: { password: 'wrong-password' },
  },
  {
    route: 'post /api/auth/passkeys/register/options',
    status: 200,
    as: 'admin',
    body: { password: 'admin123' },
    headers: SITE_HOST,
  },
  {
    route: 'post /api/auth/passkeys/register',
    status: 200,
    as: 'admin',
    body: () => ({
      name: 'Laptop',
      response: passkey.register(seen['post /api/auth/passkeys/register/options'] as never),
    }),
    headers: SITE_HOST,
  },
  { route: 'post /api/auth/passkeys/register', status: 400, as: 'admin', body: { name: 'Laptop' } },
  {
    route: 'put /api/auth/passkeys/:id',
    status: 200,
    as: 'admin',
    url: () => `/api/auth/passkeys/${passkey.id}`,
    body: { name: 'Work laptop', password: 'admin123' },
  },
  { route: 'post /api/auth/login/passkey/options', status: 200, as: 'browser', body: {}, headers: SITE_HOST },
  {
    route: 'post /api/auth/login/passkey',
    status: 200,
    as: 'browser',
    body: () => ({ response: passkey.authenticate(seen['post /api/auth/login/passkey/options'] as never) }),
    headers: SITE_HOST,
  },
  { route: 'post /api/auth/login/passkey', status: 400, body: { response: {} } },
  {
    route: 'delete /api/auth/passkeys/:id',
    status: 200,
    as: 'admin',
    url: () => `/api/auth/passkeys/${passkey.id}`,
    body: { password: 'admin123' },
  },
  {
    route: 'delete /api/auth/passkeys/:id',
    status: 404,
    as: 'admin',
    url: () => `/api/auth/passkeys/${passkey.id}`,
    body: { password: 'admin123' },
  },
  { route: 'get /api/admin/audit', status: 200, as: 'admin' },
  { route: 'get /api/admin/audit', status: 400, as: 'admin', url: '/api/admin/audit?action=nope' },
  { route: 'get /api/admin/audit.csv', status: 200, as: 'admin' },
  { route: 'get /api/sync/status', status: 200, as: 'admin' },
  { route: 'post /api/sync/youtube', status: 200, as: 'admin' },
  { route: 'get /api/sync/status', status: 200, as: 'admin' },
  { route: 'post /api/sync/live-check', status: 200, as: 'admin' },
  { route: 'get /api/live', status: 200 },
  { route: 'get /api/youtube/websub/status', status: 200, as: 'admin' },
  // The hub confirming the unsubscribe the site asked for (stored in beforeAll, as the service stores it).
  {
    route: 'get /api/youtube/websub',
    status: 200,
    url: `/api/youtube/websub?token=${WEBSUB_ASKED.token}&hub.mode=unsubscribe&hub.topic=${encodeURIComponent(WEBSUB_ASKED.topic)}&hub.challenge=c1`,
  },
  {
    route: 'get /api/youtube/websub',
    status: 404,
    url: '/api/youtube/websub?hub.mode=subscribe&hub.topic=x&hub.challenge=c1&hub.lease_seconds=3600',
  },
  {
    route: 'post /api/youtube/websub',
    status: 200,
    body: '<feed/>',
    headers: { 'Content-Type': 'application/atom+xml' },
  },
  {
    route: 'post /api/integrations/:id/test',
    status: 200,
    as: 'admin',
    url: '/api/integrations/youtube/test',
  },
  {
    route: 'post /api/integrations/:id/test',
    status: 400,
    as: 'admin',
    url: '/api/integrations/myspace/test',
  },
  { route: 'get /api/admin/integrations/checks', status: 200, as: 'admin' },
  // No notification address is set in this app: a 200 with `ok: false`, nothing sent.
  { route: 'post /api/integrations/email/send-test', status: 200, as: 'admin' },
  { route: 'get /api/admin/weekly-summary', status: 200, as: 'admin' },
  { route: 'get /api/channel/stats', status: 200 },
  { route: 'get /api/videos', status: 200, url: '/api/videos?kind=short,live&sort=oldest' },
  { route: 'get /api/videos', status: 200, url: '/api/videos?sort=popular&limit=5' },
  { route: 'get /api/videos', status: 400, url: '/api/videos?sort=sideways' },
  { route: 'get /api/videos', status: 400, url: '/api/videos?kind=premiere' },
  { route: 'get /api/search', status: 200, url: '/api/search?q=a' },
  { route: 'get /api/search', status: 400, url: '/api/search?q=' },
  { route: 'get /api/videos/featured', status: 200 },
  {
    route: 'post /api/videos/:id/featured',
    status: 200,
    as: 'admin',
    url: () => `/api/videos/${firstId('get /api/videos')}/featured`,
  },
  {
    route: 'post /api/videos/:id/featured',
    status: 404,
    as: 'admin',
    url: '/api/videos/no-such-id/featured',
  },
  { route: 'post /api/videos/:id/featured', status: 400, as: 'admin', url: '/api/videos/bad%20id/featured' },
  { route: 'get /api/videos/featured', status: 200 },
  { route: 'get /api/videos/:id', status: 200, url: () => `/api/videos/${firstId('get /api/videos')}` },
  { route: 'get /api/videos/:id', status: 404, url: '/api/videos/no-such-id' },
  { route: 'get /api/videos/:id', status: 400, url: '/api/videos/bad%20id' },
  {
    route: 'get /oembed',
    status: 200,
    headers: { Host: 'site.example' },
    url: () =>
      `/oembed?url=${encodeURIComponent(`http://site.example/videos/${firstId('get /api/videos')}`)}&maxwidth=320`,
  },
  {
    route: 'get /oembed',
    status: 404,
    url: `/oembed?url=${encodeURIComponent('https://other.example/videos/x')}`,
  },
  { route: 'get /oembed', status: 400, url: '/oembed?url=nope' },
  {
    route: 'get /oembed',
    status: 501,
    headers: { Host: 'site.example' },
    url: () =>
      `/oembed?url=${encodeURIComponent(`http://site.example/videos/${firstId('get /api/videos')}`)}&format=xml`,
  },
  { route: 'get /api/page', status: 200, url: '/api/page?path=%2F' },
  {
    route: 'get /api/page',
    status: 200,
    url: () => `/api/page?path=${encodeURIComponent(`/videos/${firstId('get /api/videos')}`)}`,
  },
  { route: 'get /api/page', status: 200, url: '/api/page?path=%2Fvideos%2Fno-such-id' },
  { route: 'get /api/page', status: 200, url: '/api/page?path=%2Fadmin' },
  { route: 'get /api/page', status: 200, url: '/api/page?path=%2Fno-such-page' },
  { route: 'get /api/page', status: 400, url: '/api/page?path=no-slash' },
  { route: 'get /api/playlists', status: 200 },
  {
    route: 'post /api/playlists/:id/pin',
    status: 200,
    as: 'admin',
    url: () => `/api/playlists/${firstId('get /api/playlists')}/pin`,
    body: { pinned: true },
  },
  { route: 'post /api/playlists/:id/pin', status: 400, as: 'admin', url: '/api/playlists/x/pin', body: {} },
  { route: 'get /api/settings', status: 200 },
  { route: 'get /api/settings', status: 200, as: 'admin' },
  { route: 'get /api/admin/settings', status: 200, as: 'admin' },
  {
    route: 'post /api/settings/:key',
    status: 200,
    as: 'admin',
    url: '/api/settings/siteTitle',
    body: { value: 'Docs' },
  },
  {
    route: 'post /api/settings/:key',
    status: 200,
    as: 'admin',
    url: '/api/settings/discordWebhook',
    body: { value: 'https://discord.example/hook' },
  },
  {
    route: 'post /api/settings/:key',
    status: 400,
    as: 'admin',
    url: '/api/settings/noSuchKey',
    body: { value: 1 },
  },
  {
    route: 'post /api/events',
    status: 202,
    body: { events: [{ kind: 'pageview', path: '/', viewport: 'desktop' }] },
  },
  { route: 'post /api/events', status: 400, body: { events: [{ kind: 'nope' }] } },
  { route: 'get /api/admin/analytics', status: 200, as: 'admin', url: '/api/admin/analytics?range=90d' },
  { route: 'get /api/admin/analytics', status: 400, as: 'admin', url: '/api/admin/analytics?range=2w' },
  {
    route: 'put /api/admin/analytics/days/:day',
    status: 200,
    as: 'admin',
    url: '/api/admin/analytics/days/2026-04-15',
    body: { excluded: false },
  },
  {
    route: 'put /api/admin/analytics/days/:day',
    status: 400,
    as: 'admin',
    url: '/api/admin/analytics/days/yesterday',
    body: { excluded: true },
  },
  { route: 'get /api/demo/thumbnails/:name', status: 200, url: '/api/demo/thumbnails/v1.svg' },
  { route: 'get /api/demo/thumbnails/:name', status: 404, url: '/api/demo/thumbnails/x.svg' },
  { route: 'get /sitemap.xml', status: 200 },
  { route: 'get /rss.xml', status: 200 },
  { route: 'get /robots.txt', status: 200 },
  { route: 'get /opensearch.xml', status: 200 },
  { route: 'post /api/admin/generate-sitemap', status: 200, as: 'admin' },
  { route: 'post /api/admin/sponsorships', status: 201, as: 'admin', body: SPONSOR_DEAL },
  { route: 'post /api/admin/sponsorships', status: 400, as: 'admin', body: { ...SPONSOR_DEAL, url: 'x' } },
  { route: 'get /api/admin/sponsorships', status: 200, as: 'admin' },
  {
    route: 'put /api/admin/sponsorships/:id',
    status: 200,
    as: 'admin',
    url: () => `/api/admin/sponsorships/${(seen['post /api/admin/sponsorships'] as { id: number }).id}`,
    body: { ...SPONSOR_DEAL, amountUsd: 99.99 },
  },
  {
    route: 'put /api/admin/sponsorships/:id',
    status: 404,
    as: 'admin',
    url: '/api/admin/sponsorships/99999',
    body: SPONSOR_DEAL,
  },
  {
    route: 'post /api/admin/sponsorships/:id/report-links',
    status: 201,
    as: 'admin',
    url: () =>
      `/api/admin/sponsorships/${(seen['post /api/admin/sponsorships'] as { id: number }).id}/report-links`,
  },
  {
    route: 'get /api/admin/sponsorships/:id/report-links',
    status: 200,
    as: 'admin',
    url: () =>
      `/api/admin/sponsorships/${(seen['post /api/admin/sponsorships'] as { id: number }).id}/report-links`,
  },
  {
    route: 'get /api/admin/sponsorships/:id/report-links',
    status: 404,
    as: 'admin',
    url: '/api/admin/sponsorships/99999/report-links',
  },
  {
    route: 'put /api/admin/videos/:id/transcripts/:language',
    status: 200,
    as: 'admin',
    url: () => `/api/admin/videos/${firstId('get /api/videos')}/transcripts/en`,
    body: { text: 'WEBVTT\n\n00:01.000 --> 00:02.500\nHello there', name: 'hello.vtt' },
  },
  {
    route: 'put /api/admin/videos/:id/transcripts/:language',
    status: 400,
    as: 'admin',
    url: () => `/api/admin/videos/${firstId('get /api/videos')}/transcripts/en`,
    body: { text: 'WEBVTT\n\n00:01.000 -> 00:02.500\nHello there' },
  },
  {
    route: 'put /api/admin/videos/:id/transcripts/:language',
    status: 404,
    as: 'admin',
    url: '/api/admin/videos/no-such-id/transcripts/en',
    body: { text: 'WEBVTT\n\n00:01.000 --> 00:02.500\nHello there' },
  },
  {
    route: 'get /api/admin/videos/:id/transcripts',
    status: 200,
    as: 'admin',
    url: () => `/api/admin/videos/${firstId('get /api/videos')}/transcripts`,
  },
  {
    route: 'delete /api/admin/videos/:id/transcripts/:source/:language/:kind',
    status: 200,
    as: 'admin',
    url: () => `/api/admin/videos/${firstId('get /api/videos')}/transcripts/upload/en/standard`,
  },
  {
    route: 'delete /api/admin/videos/:id/transcripts/:source/:language/:kind',
    status: 404,
    as: 'admin',
    url: () => `/api/admin/videos/${firstId('get /api/videos')}/transcripts/upload/en/standard`,
  },
  {
    route: 'get /api/sponsor-reports/:token/report.csv',
    status: 200,
    url: () => `/api/${reportToken()}/report.csv`,
  },
  {
    route: 'get /api/sponsor-reports/:token/report.csv',
    status: 404,
    url: '/api/sponsor-reports/1.x/report.csv',
  },
  {
    route: 'delete /api/admin/sponsor-report-links/:id',
    status: 200,
    as: 'admin',
    url: () =>
      `/api/admin/sponsor-report-links/${(seen['post /api/admin/sponsorships/:id/report-links'] as { id: number }).id}`,
  },
  {
    route: 'get /api/sponsor-reports/:token/report.csv',
    status: 410,
    url: () => `/api/${reportToken()}/report.csv`,
  },
  {
    route: 'delete /api/admin/sponsor-report-links/:id',
    status: 404,
    as: 'admin',
    url: '/api/admin/sponsor-report-links/99999',
  },
  { route: 'get /api/admin/images/missing', status: 200, as: 'admin' },
  { route: 'post /api/admin/images/retry', status: 200, as: 'admin', body: {} },
  { route: 'post /api/admin/images/retry', status: 200, as: 'admin', body: { kind: 'video', ref: 'x' } },
  { route: 'post /api/admin/images/retry', status: 400, as: 'admin', body: { kind: 'photo', ref: 'x' } },
  { route: 'get /api/admin/export', status: 200, as: 'admin' },
  { route: 'post /api/admin/import', status: 200, as: 'admin', body: () => seen['get /api/admin/export'] },
  { route: 'post /api/admin/import', status: 400, as: 'admin', body: { schemaVersion: 99 } },
  // The import numbered the deals anew: read them again.
  { route: 'get /api/admin/sponsorships', status: 200, as: 'admin' },
  {
    route: 'delete /api/admin/sponsorships/:id',
    status: 200,
    as: 'admin',
    url: () =>
      `/api/admin/sponsorships/${(seen['get /api/admin/sponsorships'] as SponsorshipList).sponsorships[0].id}`,
  },
  {
    route: 'delete /api/admin/sponsorships/:id',
    status: 404,
    as: 'admin',
    url: '/api/admin/sponsorships/99999',
  },
  {
    route: 'post /api/settings/:key',
    status: 200,
    as: 'admin',
    url: '/api/settings/enableSitemap',
    body: { value: false },
  },
  {
    route: 'post /api/settings/:key',
    status: 200,
    as: 'admin',
    url: '/api/settings/enableRSS',
    body: { value: false },
  },
  { route: 'get /sitemap.xml', status: 404 },
  { route: 'get /rss.xml', status: 404 },
  { route: 'post /api/admin/generate-sitemap', status: 400, as: 'admin' },
  { route: 'get /api/auth/two-factor', status: 200, as: 'admin' },
  { route: 'get /api/admin/checklist', status: 200, as: 'admin' },
  { route: 'post /api/auth/two-factor/setup', status: 200, as: 'admin' },
  {
    route: 'post /api/auth/two-factor/enable',
    status: 400,
    as: 'admin',
    body: { password: 'admin123', code: '000000' },
  },
  {
    route: 'post /api/auth/two-factor/enable',
    status: 200,
    as: 'admin',
    body: () => ({
      password: 'admin123',
      code: generateSync({ secret: (seen['post /api/auth/two-factor/setup'] as { secret: string }).secret }),
    }),
  },
  { route: 'post /api/auth/two-factor/setup', status: 409, as: 'admin' },
  { route: 'post /api/auth/login', status: 200, body: { username: 'admin', password: 'admin123' } },
  { route: 'post /api/auth/login/two-factor', status: 401, body: { code: '123456' } },
  {
    route: 'post /api/auth/login/two-factor',
    status: 200,
    as: 'pending',
    body: () => ({ code: recoveryCode('post /api/auth/two-factor/enable', 0) }),
  },
  {
    route: 'post /api/auth/two-factor/recovery-codes',
    status: 200,
    as: 'admin',
    body: () => ({ code: recoveryCode('post /api/auth/two-factor/enable', 1) }),
  },
  { route: 'post /api/auth/two-factor/disable', status: 400, as: 'admin', body: { password: 'admin123' } },
  {
    route: 'post /api/auth/two-factor/disable',
    status: 200,
    as: 'admin',
    body: () => ({ password: 'admin123', code: recoveryCode('post /api/auth/two-factor/recovery-codes', 0) }),
  },
  {
    route: 'post /api/auth/logout',
    status: 403,
    as: 'admin',
    headers: { Origin: 'https://elsewhere.example' },
  },
  {
    route: 'post /api/auth/change-password',
    status: 415,
    as: 'admin',
    body: 'not json',
    headers: { 'Content-Type': 'text/plain' },
  },
  {
    route: 'post /api/auth/change-password',
    status: 400,
    as: 'admin',
    body: { currentPassword: 'wrong-password', newPassword: 'long-enough' },
  },
  {
    route: 'post /api/auth/change-password',
    status: 200,
    as: 'admin',
    body: { currentPassword: 'admin123', newPassword: 'admin123' },
  },
  { route: 'post /api/newsletter/subscribe', status: 200, body: { email: 'Reader@Mail.test' } },
  { route: 'post /api/newsletter/subscribe', status: 400, body: { email: 'not an address' } },
  {
    route: 'get /api/newsletter/confirm',
    status: 200,
    url: () => newsletterLink('confirm', 'reader@mail.test'),
  },
  { route: 'get /api/newsletter/confirm', status: 400, url: '/api/newsletter/confirm?token=forged.token' },
  {
    route: 'get /api/newsletter/unsubscribe',
    status: 200,
    url: () => newsletterLink('unsubscribe', 'gone@mail.test'),
  },
  {
    route: 'post /api/newsletter/unsubscribe',
    status: 200,
    url: () => newsletterLink('unsubscribe', 'gone@mail.test'),
    body: 'List-Unsubscribe=One-Click',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  },
  { route: 'get /api/admin/newsletter/summary', status: 200, as: 'admin' },
  { route: 'get /api/admin/newsletter/subscribers.csv', status: 200, as: 'admin' },
  {
    route: 'delete /api/admin/newsletter/subscribers/:email',
    status: 200,
    as: 'admin',
    url: '/api/admin/newsletter/subscribers/reader%40mail.test',
  },
  {
    route: 'delete /api/admin/newsletter/subscribers/:email',
    status: 404,
    as: 'admin',
    url: '/api/admin/newsletter/subscribers/reader%40mail.test',
  },
  {
    route: 'delete /api/admin/newsletter/subscribers/:email',
    status: 400,
    as: 'admin',
    url: '/api/admin/newsletter/subscribers/nobody',
  },
  // The owner's Google account: with an OAuth client set, Connect answers Google's consent page (nothing is
  // fetched); Google's redirect back goes to the dashboard whatever it carries; Disconnect with nothing connected.
  { route: 'get /api/admin/google-account', status: 200, as: 'admin' },
  { route: 'post /api/admin/google-account/connect', status: 400, as: 'admin', body: { revenue: true } },
  { route: 'post /api/admin/google-account/connect', status: 400, as: 'admin', body: { revenue: 'yes' } },
  {
    route: 'post /api/settings/:key',
    status: 200,
    as: 'admin',
    url: '/api/settings/googleOAuthClientId',
    body: { value: '1234-abc.apps.googleusercontent.com' },
  },
  {
    route: 'post /api/settings/:key',
    status: 200,
    as: 'admin',
    url: '/api/settings/googleOAuthClientSecret',
    body: { value: 'GOCSPX-secret' },
  },
  { route: 'post /api/admin/google-account/connect', status: 200, as: 'admin', body: { revenue: false } },
  {
    route: 'get /api/admin/google-account/callback',
    status: 303,
    as: 'admin',
    url: '/api/admin/google-account/callback?state=forged&code=x',
  },
  { route: 'delete /api/admin/google-account', status: 200, as: 'admin' },
  // Not connected: the status says so, each report says why it has no figures (the suite of its own has the figures).
  { route: 'get /api/admin/youtube-analytics/status', status: 200, as: 'admin' },
  { route: 'post /api/admin/youtube-analytics/refresh', status: 202, as: 'admin' },
  ...['overview', 'content', 'audience', 'revenue'].flatMap((report) => [
    {
      route: `get /api/admin/youtube-analytics/${report}`,
      status: 200,
      as: 'admin' as const,
      url: `/api/admin/youtube-analytics/${report}?range=90d`,
    },
    {
      route: `get /api/admin/youtube-analytics/${report}`,
      status: 400,
      as: 'admin' as const,
      url: `/api/admin/youtube-analytics/${report}?range=2w`,
    },
  ]),
  // Not connected: the switch saves and asks Google nothing; off again, nothing is stored (the suite of its own runs it).
  { route: 'get /api/admin/youtube-captions/status', status: 200, as: 'admin' },
  { route: 'post /api/admin/youtube-captions/switch', status: 200, as: 'admin', body: { enabled: true } },
  { route: 'post /api/admin/youtube-captions/switch', status: 400, as: 'admin', body: { enabled: 'yes' } },
  { route: 'post /api/admin/youtube-captions/refresh', status: 202, as: 'admin' },
  { route: 'post /api/admin/youtube-captions/switch', status: 200, as: 'admin', body: { enabled: false } },
  { route: 'post /api/auth/logout', status: 200, as: 'admin' },
];

/** The JSON schema the document gives for `status` of `route`, and its media type. */
function documented(route: string, status: number): { mediaType: string; schema: OpenApiSchema } {
  const [method, path] = route.split(' ');
  const op = doc.paths[toOpenApiPath(path)]?.[method];
  if (!op) throw new Error(`${route} is not in the OpenAPI document`);
  const content = op.responses[String(status)]?.content;
  if (!content) throw new Error(`${route} answered ${status}, which the document does not list for it`);
  const [mediaType, { schema }] = Object.entries(content)[0];
  if (!schema) throw new Error(`${route} ${status}: the document has no schema for it`);
  return { mediaType, schema };
}

async function pendingAgent(): Promise<TestAgent> {
  const agent = request.agent(t.server);
  const res = await agent.post('/api/auth/login').send({ username: 'admin', password: 'admin123' });
  expect(res.body).toEqual({ twoFactorRequired: true });
  return agent;
}

/** The path and query of a signed newsletter link, as the site's e-mails carry it. */
function newsletterLink(purpose: NewsletterLinkPurpose, email: string): string {
  const url = new URL(t.app.get(NewsletterService).linkUrl(purpose, email));
  return `${url.pathname}${url.search}`;
}

async function send(call: Call, as: Who): Promise<request.Response> {
  const [method, path] = call.route.split(' ') as ['get' | 'post' | 'put' | 'delete', string];
  const url = typeof call.url === 'function' ? call.url() : (call.url ?? path);
  const client =
    as === 'admin'
      ? admin
      : as === 'pending'
        ? await pendingAgent()
        : as === 'browser'
          ? browser
          : request(t.server);
  let req = client[method](url);
  for (const [name, value] of Object.entries(call.headers ?? {})) req = req.set(name, value);
  const body = typeof call.body === 'function' ? call.body() : call.body;
  return body === undefined ? req : req.send(body as object);
}

/** A redirect: the document lists its status with a Location header, and the answer has one. */
function redirectMismatches(route: string, res: request.Response): string[] {
  const [method, path] = route.split(' ');
  const documentedRedirect = doc.paths[toOpenApiPath(path)]?.[method]?.responses[String(res.status)];
  if (!documentedRedirect?.headers?.Location)
    return [`${route} answered ${res.status}, documented without Location`];
  return typeof res.headers.location === 'string' ? [] : [`${route} answered ${res.status} without Location`];
}

/** Why the answer does not match the document (empty when it does). */
function mismatches(route: string, res: request.Response): string[] {
  if (res.status >= 300 && res.status < 400) return redirectMismatches(route, res);
  let mediaType: string, schema: OpenApiSchema;
  try {
    ({ mediaType, schema } = documented(route, res.status));
  } catch (error) {
    return [(error as Error).message];
  }
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith(mediaType)) return [`Content-Type ${type}, documented ${mediaType}`];
  if (mediaType !== 'application/json') {
    const text = Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text;
    return schemas.errors(schema, text);
  }
  return schemas.errors(schema, res.body);
}

useStack({ youtube: { videos: 12, playlists: 3 } }, (s) => ({ t, admin } = s));
beforeAll(async () => {
  browser = request.agent(t.server);
  await t.dataSource.getRepository(WebsubIntentEntity).insert({ ...WEBSUB_ASKED, requestedAt: new Date() });
  doc = (await request(t.server).get('/api/docs-json').expect(200)).body;
  schemas = new SchemaValidator(doc);
});

const appRoutes = () =>
  registeredRoutes(t.app)
    .filter((r) => !r.path.startsWith('/api/docs'))
    .map((r) => `${r.method} ${r.path}`);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 (the official JSON Schema), its schemas valid JSON Schema', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(openApiDocumentErrors(doc)).toEqual([]);
    expect(() => schemas.compileComponents(doc)).not.toThrow();
  });

  it('documents every route the app registers, and nothing else', () => {
    const routes = appRoutes().map((route) => route.replace(/:(\w+)/g, '{$1}'));
    const documentedKeys = operations(doc).map((o) => o.key);
    expect(routes.filter((r) => !documentedKeys.includes(r)).map((r) => `${r}: not documented`)).toEqual([]);
    expect(documentedKeys.filter((d) => !routes.includes(d)).map((d) => `${d}: no such route`)).toEqual([]);
  });

  it('gives every operation a success schema, a body schema where it reads one, and errors as ApiError', () => {
    const withBody = new Set(routesTakingBody(t.app).map(toOpenApiPath));
    expect(withBody.size).toBeGreaterThanOrEqual(5);
    const problems = operations(doc).flatMap(({ key, op }) => {
      const found: string[] = [];
      // A redirect (Google's way back to the dashboard) documents its Location instead of a body.
      const success = Object.entries(op.responses).filter(([status]) => /^[23]\d\d$/.test(status));
      const hasSchema = ([status, r]: [string, (typeof success)[number][1]]) =>
        status.startsWith('3')
          ? Boolean(r.headers?.Location)
          : Object.values(r.content ?? {}).some((m) => m.schema);
      if (!success.length || !success.every(hasSchema)) found.push(`${key}: no success-response schema`);
      if (withBody.has(key) && !Object.values(op.requestBody?.content ?? {}).some((m) => m.schema)) {
        found.push(`${key}: reads a body but documents no request schema`);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (/^4\d\d$/.test(status) && schema?.$ref !== '#/components/schemas/ApiErrorDto_Output') {
          found.push(`${key}: ${status} is not documented as the ApiError shape`);
        }
      }
      return found;
    });
    expect(problems).toEqual([]);
  });
});

describe('real answers match the document', () => {
  it('has a successful call (or a redirect) below for every route', () => {
    const called = new Set(CALLS.filter((c) => c.status < 400).map((c) => c.route));
    expect(
      appRoutes()
        .filter((r) => !called.has(r))
        .map((r) => `${r}: no successful call in CALLS`),
    ).toEqual([]);
  });

  it('answers every call as documented, and every admin route 401 to a visitor', async () => {
    const publicRoutes = new Set(CALLS.filter((c) => c.as !== 'admin' && c.status < 400).map((c) => c.route));
    const adminRoutes = new Set(CALLS.map((c) => c.route).filter((route) => !publicRoutes.has(route)));
    const problems: string[] = [];
    for (const route of adminRoutes) {
      const res = await send({ route, status: 401 }, 'visitor');
      if (res.status !== 401) problems.push(`${route} as a visitor: ${res.status}, expected 401`);
      else problems.push(...mismatches(route, res).map((m) => `${route} 401: ${m}`));
    }
    for (const call of CALLS) {
      const res = await send(call, call.as ?? 'visitor');
      const what = `${call.route} (${call.as ?? 'visitor'}, ${call.status})`;
      if (res.status !== call.status) {
        problems.push(`${what}: answered ${res.status} ${res.text.slice(0, 200)}`);
        continue;
      }
      problems.push(...mismatches(call.route, res).map((m) => `${what}: ${m}`));
      if (res.status < 300) seen[call.route] = res.body;
    }
    expect(problems).toEqual([]);
  });

  it('asks for the session cookie exactly on the routes that answer a visitor 401', () => {
    const publicRoutes = new Set(CALLS.filter((c) => c.as !== 'admin' && c.status < 400).map((c) => c.route));
    const wrong = operations(doc)
      .map(({ key, op }) => ({ key, needsSession: JSON.stringify(op.security) === '[{"sid":[]}]' }))
      .filter(({ key, needsSession }) => needsSession === publicRoutes.has(key.replace(/\{(\w+)\}/g, ':$1')));
    expect(wrong).toEqual([]);
  });

  it('fails an answer that drifts from its contract', () => {
    const { schema } = documented('get /api/videos', 200);
    const video = (seen['get /api/videos'] as Record<string, unknown>[])[0];
    expect(schemas.errors(schema, [video])).toEqual([]);
    expect(schemas.errors(schema, [{ ...video, extra: 1 }])).not.toEqual([]);
    expect(schemas.errors(schema, [{ ...video, viewCount: '12' }])).not.toEqual([]);
    const { schema: publicSettings } = documented('get /api/settings', 200);
    expect(schemas.errors(publicSettings, { siteTitle: 'x' })).not.toEqual([]);
    // One URL, one shape: an admin-only key in the public answer breaks its contract.
    const visitorView = seen['get /api/settings'] as Record<string, unknown>;
    expect(schemas.errors(publicSettings, visitorView)).toEqual([]);
    expect(schemas.errors(publicSettings, { ...visitorView, contactEmail: 'owner@example.com' })).not.toEqual(
      [],
    );
  });
});
