/**
 * What the web server hands to the API: everything under `/api` (its global prefix), and the
 * generated files it serves at the site root. Nest and the web server (apps/web/server) read this list.
 */
export const API_PREFIX = '/api';

/** The oEmbed endpoint (issue 15): watch pages' discovery links point to it. */
export const OEMBED_PATH = '/oembed';

/** The site's OpenSearch description document (browsers add the site's search from it): every page's head links it. */
export const OPENSEARCH_PATH = '/opensearch.xml';
/** Its MIME type (the document's `Content-Type`, the link's `type`). */
export const OPENSEARCH_TYPE = 'application/opensearchdescription+xml';

/** Paths the API answers at the site root, outside its prefix. */
export const API_ROOT_FILES = [
  '/sitemap.xml',
  '/rss.xml',
  '/robots.txt',
  OEMBED_PATH,
  OPENSEARCH_PATH,
] as const;

/** `/api` itself, anything below it, or one of the root files. */
export function isApiPath(pathname: string): boolean {
  return (
    pathname === API_PREFIX ||
    pathname.startsWith(`${API_PREFIX}/`) ||
    (API_ROOT_FILES as readonly string[]).includes(pathname)
  );
}

/**
 * The content version (the number every write to public content or settings bumps), sent by the API with its
 * public answers and in the page model's body: every cache between a save and a page's HTML is keyed by it
 * (docs/architecture.md, "Caches between a save and the page").
 */
export const CONTENT_VERSION_HEADER = 'X-Content-Version';

/** A path segment taken from data (an id, a key, an address): encoded, so a `/` or `?` in it stays inside it. */
const segment = (value: string | number): string => encodeURIComponent(String(value));

/**
 * Every call of the API the web app makes (apps/web/src and its server, apps/web/server), in one place: a
 * constant for a fixed path, a builder (which encodes its argument) for a path with a parameter. The web code
 * writes no `/api/…` of its own (tools/one-home.spec.ts), and apps/api/test/api-paths.integration-spec.ts
 * proves the API routes each of them, with its method, to the handler written for it.
 */
export const apiPaths = {
  // Public reads: what the page shows.
  channelStats: `${API_PREFIX}/channel/stats`,
  videos: `${API_PREFIX}/videos`,
  featuredVideo: `${API_PREFIX}/videos/featured`,
  video: (id: string) => `${API_PREFIX}/videos/${segment(id)}`,
  playlists: `${API_PREFIX}/playlists`,
  settings: `${API_PREFIX}/settings`,
  live: `${API_PREFIX}/live`,
  /** The site search (search.ts): `?q=&limit=&offset=`. */
  search: `${API_PREFIX}/search`,
  /**
   * Asked by the web server for each page view: everything a server render of one page needs, in one answer
   * (`?path=`, see `pageModelUrl` in page-model.ts): its settings, head, policy, data and the content version.
   */
  pageModel: `${API_PREFIX}/page`,
  /** A sponsor report's figures as CSV, by its link's token (report-pages.ts): public, never kept by a cache. */
  sponsorReportCsv: (token: string) => `${API_PREFIX}/sponsor-reports/${segment(token)}/report.csv`,

  // Visitors' writes.
  events: `${API_PREFIX}/events`,
  newsletterSubscribe: `${API_PREFIX}/newsletter/subscribe`,

  // Signing in and the admin's account.
  currentUser: `${API_PREFIX}/auth/me`,
  /** Who is signed in, if anyone: what the dashboard asks on load (a 401 would be logged as an error). */
  authSession: `${API_PREFIX}/auth/session`,
  login: `${API_PREFIX}/auth/login`,
  loginTwoFactor: `${API_PREFIX}/auth/login/two-factor`,
  logout: `${API_PREFIX}/auth/logout`,
  changePassword: `${API_PREFIX}/auth/change-password`,
  twoFactor: `${API_PREFIX}/auth/two-factor`,
  twoFactorSetup: `${API_PREFIX}/auth/two-factor/setup`,
  twoFactorEnable: `${API_PREFIX}/auth/two-factor/enable`,
  twoFactorDisable: `${API_PREFIX}/auth/two-factor/disable`,
  twoFactorRecoveryCodes: `${API_PREFIX}/auth/two-factor/recovery-codes`,
  passkeys: `${API_PREFIX}/auth/passkeys`,
  passkey: (id: string) => `${API_PREFIX}/auth/passkeys/${segment(id)}`,
  passkeyRegisterOptions: `${API_PREFIX}/auth/passkeys/register/options`,
  passkeyRegister: `${API_PREFIX}/auth/passkeys/register`,
  passkeyLoginOptions: `${API_PREFIX}/auth/login/passkey/options`,
  passkeyLogin: `${API_PREFIX}/auth/login/passkey`,
  sessions: `${API_PREFIX}/auth/sessions`,
  session: (id: string) => `${API_PREFIX}/auth/sessions/${segment(id)}`,
  sessionsRevokeOthers: `${API_PREFIX}/auth/sessions/revoke-others`,

  // The dashboard.
  adminSettings: `${API_PREFIX}/admin/settings`,
  adminChecklist: `${API_PREFIX}/admin/checklist`,
  setting: (key: string) => `${API_PREFIX}/settings/${segment(key)}`,
  videoFeatured: (id: string) => `${API_PREFIX}/videos/${segment(id)}/featured`,
  playlistPin: (id: string) => `${API_PREFIX}/playlists/${segment(id)}/pin`,
  syncYoutube: `${API_PREFIX}/sync/youtube`,
  syncStatus: `${API_PREFIX}/sync/status`,
  websubStatus: `${API_PREFIX}/youtube/websub/status`,
  analytics: `${API_PREFIX}/admin/analytics`,
  analyticsDay: (day: string) => `${API_PREFIX}/admin/analytics/days/${segment(day)}`,
  export: `${API_PREFIX}/admin/export`,
  import: `${API_PREFIX}/admin/import`,
  generateSitemap: `${API_PREFIX}/admin/generate-sitemap`,
  sponsorships: `${API_PREFIX}/admin/sponsorships`,
  sponsorship: (id: number | string) => `${API_PREFIX}/admin/sponsorships/${segment(id)}`,
  /** A deal's sponsor report links: the list (GET) and a new one (POST). */
  sponsorshipReportLinks: (id: number | string) =>
    `${API_PREFIX}/admin/sponsorships/${segment(id)}/report-links`,
  /** Revokes a report link (DELETE): its page answers 410 from then on. */
  sponsorReportLink: (id: number | string) => `${API_PREFIX}/admin/sponsor-report-links/${segment(id)}`,
  weeklySummary: `${API_PREFIX}/admin/weekly-summary`,
  sendTestEmail: `${API_PREFIX}/integrations/email/send-test`,
  integrationChecks: `${API_PREFIX}/admin/integrations/checks`,
  integrationTest: (id: string) => `${API_PREFIX}/integrations/${segment(id)}/test`,
  newsletterSummary: `${API_PREFIX}/admin/newsletter/summary`,
  newsletterSubscribersCsv: `${API_PREFIX}/admin/newsletter/subscribers.csv`,
  newsletterSubscriber: (email: string) => `${API_PREFIX}/admin/newsletter/subscribers/${segment(email)}`,
  missingImages: `${API_PREFIX}/admin/images/missing`,
  retryImages: `${API_PREFIX}/admin/images/retry`,
  audit: `${API_PREFIX}/admin/audit`,
  auditCsv: `${API_PREFIX}/admin/audit.csv`,
  /** The owner's Google account: its state (GET) and disconnecting it (DELETE). */
  googleAccount: `${API_PREFIX}/admin/google-account`,
  googleAccountConnect: `${API_PREFIX}/admin/google-account/connect`,
  /** The channel's YouTube Analytics (youtube-analytics.ts): import status, the four reports (`?range=`), refresh. */
  youtubeAnalyticsStatus: `${API_PREFIX}/admin/youtube-analytics/status`,
  youtubeAnalyticsOverview: `${API_PREFIX}/admin/youtube-analytics/overview`,
  youtubeAnalyticsContent: `${API_PREFIX}/admin/youtube-analytics/content`,
  youtubeAnalyticsAudience: `${API_PREFIX}/admin/youtube-analytics/audience`,
  youtubeAnalyticsRevenue: `${API_PREFIX}/admin/youtube-analytics/revenue`,
  youtubeAnalyticsRefresh: `${API_PREFIX}/admin/youtube-analytics/refresh`,
  youtubeCaptionsStatus: `${API_PREFIX}/admin/youtube-captions/status`,
  youtubeCaptionsSwitch: `${API_PREFIX}/admin/youtube-captions/switch`,
  youtubeCaptionsRefresh: `${API_PREFIX}/admin/youtube-captions/refresh`,
  /** A video's transcript tracks (`get`). */
  videoTranscripts: (videoId: string) => `${API_PREFIX}/admin/videos/${segment(videoId)}/transcripts`,
  /** Upload a caption file as the video's track in a language (`put`). */
  videoTranscriptUpload: (videoId: string, language: string) =>
    `${API_PREFIX}/admin/videos/${segment(videoId)}/transcripts/${segment(language)}`,
  /** One stored track (`delete`). */
  videoTranscript: (videoId: string, source: string, language: string, kind: string) =>
    `${API_PREFIX}/admin/videos/${segment(videoId)}/transcripts/${segment(source)}/${segment(language)}/${segment(kind)}`,
} as const;

/** The name of one of the API's paths in `apiPaths`. */
export type ApiPathName = keyof typeof apiPaths;
