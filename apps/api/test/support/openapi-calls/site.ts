import type { Call, CallContext } from './context';

/** What the public site calls (content, settings, analytics beacons, feeds, the newsletter), with the admin's side of each. */

/** What the public pages read: the channel, videos, search, oEmbed, page models, playlists (and the admin's featuring and pinning). */
export const contentCalls = (c: CallContext): Call[] => [
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
    url: () => `/api/videos/${c.firstId('get /api/videos')}/featured`,
  },
  {
    route: 'post /api/videos/:id/featured',
    status: 404,
    as: 'admin',
    url: '/api/videos/no-such-id/featured',
  },
  { route: 'post /api/videos/:id/featured', status: 400, as: 'admin', url: '/api/videos/bad%20id/featured' },
  { route: 'get /api/videos/featured', status: 200 },
  { route: 'get /api/videos/:id', status: 200, url: () => `/api/videos/${c.firstId('get /api/videos')}` },
  { route: 'get /api/videos/:id', status: 404, url: '/api/videos/no-such-id' },
  { route: 'get /api/videos/:id', status: 400, url: '/api/videos/bad%20id' },
  {
    route: 'get /oembed',
    status: 200,
    headers: { Host: 'site.example' },
    url: () =>
      `/oembed?url=${encodeURIComponent(`http://site.example/videos/${c.firstId('get /api/videos')}`)}&maxwidth=320`,
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
      `/oembed?url=${encodeURIComponent(`http://site.example/videos/${c.firstId('get /api/videos')}`)}&format=xml`,
  },
  { route: 'get /api/page', status: 200, url: '/api/page?path=%2F' },
  {
    route: 'get /api/page',
    status: 200,
    url: () => `/api/page?path=${encodeURIComponent(`/videos/${c.firstId('get /api/videos')}`)}`,
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
    url: () => `/api/playlists/${c.firstId('get /api/playlists')}/pin`,
    body: { pinned: true },
  },
  { route: 'post /api/playlists/:id/pin', status: 400, as: 'admin', url: '/api/playlists/x/pin', body: {} },
];

/** The settings: the public view, the admin's, one key saved. */
export const settingsCalls: Call[] = [
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
];

/** Site analytics: a beacon, the report, a day left out. */
export const analyticsCalls: Call[] = [
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
];

/** Demo thumbnails, the sitemap, the feed, robots.txt and the OpenSearch description. */
export const feedCalls: Call[] = [
  { route: 'get /api/demo/thumbnails/:name', status: 200, url: '/api/demo/thumbnails/v1.svg' },
  { route: 'get /api/demo/thumbnails/:name', status: 404, url: '/api/demo/thumbnails/x.svg' },
  { route: 'get /sitemap.xml', status: 200 },
  { route: 'get /rss.xml', status: 200 },
  { route: 'get /robots.txt', status: 200 },
  { route: 'get /opensearch.xml', status: 200 },
  { route: 'post /api/admin/generate-sitemap', status: 200, as: 'admin' },
];

/** The sitemap and the feed switched off. */
export const feedsOffCalls: Call[] = [
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
];

/** The newsletter: sign-up, its confirm and unsubscribe links, the admin's list. */
export const newsletterCalls = (c: CallContext): Call[] => [
  { route: 'post /api/newsletter/subscribe', status: 200, body: { email: 'Reader@Mail.test' } },
  { route: 'post /api/newsletter/subscribe', status: 400, body: { email: 'not an address' } },
  {
    route: 'get /api/newsletter/confirm',
    status: 200,
    url: () => c.newsletterLink('confirm', 'reader@mail.test'),
  },
  { route: 'get /api/newsletter/confirm', status: 400, url: '/api/newsletter/confirm?token=forged.token' },
  {
    route: 'get /api/newsletter/unsubscribe',
    status: 200,
    url: () => c.newsletterLink('unsubscribe', 'gone@mail.test'),
  },
  {
    route: 'post /api/newsletter/unsubscribe',
    status: 200,
    url: () => c.newsletterLink('unsubscribe', 'gone@mail.test'),
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
];
