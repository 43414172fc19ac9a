import type { Env } from '../config/env';

/**
 * Where the connection talks to Google: the OAuth 2.0 endpoints
 * (https://developers.google.com/identity/protocols/oauth2/web-server), the YouTube Data API and the YouTube
 * Analytics API. With GOOGLE_BASE_URL (tests: the fake Google of tools/fake-google) each `https://<host>/<path>`
 * becomes `<base>/<host>/<path>`; production refuses that variable (config/env.ts).
 */
export interface GoogleEndpoints {
  /** The consent page the browser is sent to. */
  authorization: string;
  token: string;
  revoke: string;
  /** YouTube Data API v3 base: `…/channels?mine=true`. */
  youtube: string;
  /** YouTube Analytics API v2 base: `…/reports`. */
  analytics: string;
}

const GOOGLE: GoogleEndpoints = {
  authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  revoke: 'https://oauth2.googleapis.com/revoke',
  youtube: 'https://www.googleapis.com/youtube/v3',
  analytics: 'https://youtubeanalytics.googleapis.com/v2',
};

export function googleEndpoints(env: Pick<Env, 'GOOGLE_BASE_URL'>): GoogleEndpoints {
  const base = env.GOOGLE_BASE_URL?.replace(/\/+$/, '');
  if (!base) return GOOGLE;
  return Object.fromEntries(
    Object.entries(GOOGLE).map(([name, url]) => [name, `${base}/${url.slice('https://'.length)}`]),
  ) as unknown as GoogleEndpoints;
}
