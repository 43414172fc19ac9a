/**
 * The two pages the web server renders as standalone documents (no app, no script): a sponsor report at its signed
 * link and the media kit. Free of zod so the web server imports it alone (`@app/contracts/report-pages`); the API
 * builds the same addresses from here.
 */

/** Where the reports live: `/sponsor-reports/{token}`. */
export const SPONSOR_REPORT_PATH_PREFIX = '/sponsor-reports/';

/**
 * A report link's token: the link's id, a dot, and the HMAC-SHA256 that signs it (32 bytes in base64url, 43
 * characters). Anything else is no report (404) without a database read.
 */
export const SPONSOR_REPORT_TOKEN_SOURCE = '[1-9]\\d{0,9}\\.[A-Za-z0-9_-]{43}';
const TOKEN = new RegExp(`^${SPONSOR_REPORT_TOKEN_SOURCE}$`);
const REPORT_PATH = new RegExp(`^${SPONSOR_REPORT_PATH_PREFIX}(${SPONSOR_REPORT_TOKEN_SOURCE})/?$`);
const REPORT_PREFIX = new RegExp(`^${SPONSOR_REPORT_PATH_PREFIX}[^/]+/?$`);

export function isSponsorReportToken(token: string): boolean {
  return TOKEN.test(token);
}

/** The report page of a link: `/sponsor-reports/{token}`. */
export function sponsorReportPath(token: string): string {
  return `${SPONSOR_REPORT_PATH_PREFIX}${encodeURIComponent(token)}`;
}

/** The token a report path names, or null (a path that is no report page, or a token of the wrong form). */
export function sponsorReportTokenFromPath(path: string): string | null {
  return REPORT_PATH.exec(path)?.[1] ?? null;
}

/** The media kit (off by default; `enableMediaKit`): a 404 while it is off, but for the signed-in owner's preview. */
export const MEDIA_KIT_PATH = '/media-kit';

export type ReportPageKind = 'sponsor-report' | 'media-kit';

/**
 * Which standalone page a path is (`/sponsor-reports/{anything}`, `/media-kit`, one trailing slash), or null. A
 * report path with a malformed token is still a report page: its answer is the report's 404.
 */
export function reportPageOf(path: string): ReportPageKind | null {
  if (REPORT_PREFIX.test(path)) return 'sponsor-report';
  if (path === MEDIA_KIT_PATH || path === `${MEDIA_KIT_PATH}/`) return 'media-kit';
  return null;
}
