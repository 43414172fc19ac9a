import type { Call } from './context';

/** The Google account's calls and what hangs on it (YouTube Analytics, Transcripts from YouTube). */

/** The owner's Google account, YouTube Analytics and Transcripts from YouTube, while not connected. */
export const googleCalls: Call[] = [
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
];
