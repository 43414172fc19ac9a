import type { SponsorshipList } from '@app/contracts';
import { type Call, type CallContext, WEBSUB_ASKED } from './context';

/** The dashboard's calls: audit, sync, integrations, sponsorships, transcripts, images, backups. */

const SPONSOR_DEAL = {
  sponsorName: 'Acme',
  url: 'https://acme.example',
  message: 'Thanks to Acme',
  amountUsd: 300,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
};

/** The audit log, as a page and as CSV. */
export const auditCalls: Call[] = [
  { route: 'get /api/admin/audit', status: 200, as: 'admin' },
  { route: 'get /api/admin/audit', status: 400, as: 'admin', url: '/api/admin/audit?action=nope' },
  { route: 'get /api/admin/audit.csv', status: 200, as: 'admin' },
];

/** The YouTube sync, the live check and the WebSub hub's calls. */
export const channelSyncCalls: Call[] = [
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
];

/** The integrations' tests and checks, and the weekly summary's status. */
export const integrationCalls: Call[] = [
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
];

/** A sponsorship deal and its report link. */
export const sponsorshipCalls = (c: CallContext): Call[] => [
  { route: 'post /api/admin/sponsorships', status: 201, as: 'admin', body: SPONSOR_DEAL },
  { route: 'post /api/admin/sponsorships', status: 400, as: 'admin', body: { ...SPONSOR_DEAL, url: 'x' } },
  { route: 'get /api/admin/sponsorships', status: 200, as: 'admin' },
  {
    route: 'put /api/admin/sponsorships/:id',
    status: 200,
    as: 'admin',
    url: () => `/api/admin/sponsorships/${(c.seen['post /api/admin/sponsorships'] as { id: number }).id}`,
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
      `/api/admin/sponsorships/${(c.seen['post /api/admin/sponsorships'] as { id: number }).id}/report-links`,
  },
  {
    route: 'get /api/admin/sponsorships/:id/report-links',
    status: 200,
    as: 'admin',
    url: () =>
      `/api/admin/sponsorships/${(c.seen['post /api/admin/sponsorships'] as { id: number }).id}/report-links`,
  },
  {
    route: 'get /api/admin/sponsorships/:id/report-links',
    status: 404,
    as: 'admin',
    url: '/api/admin/sponsorships/99999/report-links',
  },
];

/** A video's uploaded transcript: stored, refused, listed, deleted. */
export const transcriptCalls = (c: CallContext): Call[] => [
  {
    route: 'put /api/admin/videos/:id/transcripts/:language',
    status: 200,
    as: 'admin',
    url: () => `/api/admin/videos/${c.firstId('get /api/videos')}/transcripts/en`,
    body: { text: 'WEBVTT\n\n00:01.000 --> 00:02.500\nHello there', name: 'hello.vtt' },
  },
  {
    route: 'put /api/admin/videos/:id/transcripts/:language',
    status: 400,
    as: 'admin',
    url: () => `/api/admin/videos/${c.firstId('get /api/videos')}/transcripts/en`,
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
    url: () => `/api/admin/videos/${c.firstId('get /api/videos')}/transcripts`,
  },
  {
    route: 'delete /api/admin/videos/:id/transcripts/:source/:language/:kind',
    status: 200,
    as: 'admin',
    url: () => `/api/admin/videos/${c.firstId('get /api/videos')}/transcripts/upload/en/standard`,
  },
  {
    route: 'delete /api/admin/videos/:id/transcripts/:source/:language/:kind',
    status: 404,
    as: 'admin',
    url: () => `/api/admin/videos/${c.firstId('get /api/videos')}/transcripts/upload/en/standard`,
  },
];

/** The sponsor's report through its link, until the link is deleted. */
export const sponsorReportCalls = (c: CallContext): Call[] => [
  {
    route: 'get /api/sponsor-reports/:token/report.csv',
    status: 200,
    url: () => `/api/${c.reportToken()}/report.csv`,
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
      `/api/admin/sponsor-report-links/${(c.seen['post /api/admin/sponsorships/:id/report-links'] as { id: number }).id}`,
  },
  {
    route: 'get /api/sponsor-reports/:token/report.csv',
    status: 410,
    url: () => `/api/${c.reportToken()}/report.csv`,
  },
  {
    route: 'delete /api/admin/sponsor-report-links/:id',
    status: 404,
    as: 'admin',
    url: '/api/admin/sponsor-report-links/99999',
  },
];

/** The images still missing, and a retry. */
export const imageCalls: Call[] = [
  { route: 'get /api/admin/images/missing', status: 200, as: 'admin' },
  { route: 'post /api/admin/images/retry', status: 200, as: 'admin', body: {} },
  { route: 'post /api/admin/images/retry', status: 200, as: 'admin', body: { kind: 'video', ref: 'x' } },
  { route: 'post /api/admin/images/retry', status: 400, as: 'admin', body: { kind: 'photo', ref: 'x' } },
];

/** A backup exported and imported back, then a deal deleted. */
export const backupCalls = (c: CallContext): Call[] => [
  { route: 'get /api/admin/export', status: 200, as: 'admin' },
  { route: 'post /api/admin/import', status: 200, as: 'admin', body: () => c.seen['get /api/admin/export'] },
  { route: 'post /api/admin/import', status: 400, as: 'admin', body: { schemaVersion: 99 } },
  // The import numbered the deals anew: read them again.
  { route: 'get /api/admin/sponsorships', status: 200, as: 'admin' },
  {
    route: 'delete /api/admin/sponsorships/:id',
    status: 200,
    as: 'admin',
    url: () =>
      `/api/admin/sponsorships/${(c.seen['get /api/admin/sponsorships'] as SponsorshipList).sponsorships[0].id}`,
  },
  {
    route: 'delete /api/admin/sponsorships/:id',
    status: 404,
    as: 'admin',
    url: '/api/admin/sponsorships/99999',
  },
];
