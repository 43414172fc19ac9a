import { z } from 'zod';
import { API_PREFIX } from './api-paths';
import { ADMIN_PATH } from './watch';

/**
 * The owner's Google account connected to the site (docs/integrations/google-account.md): OAuth 2.0's web-server
 * flow, read-only scopes, a refresh token kept encrypted on the server.
 */

/**
 * The scopes the site asks for. All are read-only but `captions`: YouTube has no read-only scope that downloads
 * caption tracks, even of the account's own videos, and the site only lists and downloads them.
 */
export const GOOGLE_SCOPES = {
  /** YouTube Analytics reports: views, watch time, audience, traffic sources. */
  analytics: 'https://www.googleapis.com/auth/yt-analytics.readonly',
  /** The account's own channel (channels.list?mine=true); reports.query needs it as well. */
  youtube: 'https://www.googleapis.com/auth/youtube.readonly',
  /** Revenue reports (estimated revenue, ad revenue, RPM, CPM): asked only when the owner ticks Revenue. */
  revenue: 'https://www.googleapis.com/auth/yt-analytics-monetary.readonly',
  /**
   * captions.list and captions.download (https://developers.google.com/youtube/v3/docs/captions/list,
   * …/captions/download): asked only while the owner has "Transcripts from YouTube" on.
   */
  captions: 'https://www.googleapis.com/auth/youtube.force-ssl',
} as const;

/** Asked on every connection: without both nothing can be read. */
export const REQUIRED_GOOGLE_SCOPES: readonly string[] = [GOOGLE_SCOPES.analytics, GOOGLE_SCOPES.youtube];

/** Where Google sends the owner back after the consent page: the redirect URI is the site's origin + this path. */
export const GOOGLE_CALLBACK_PATH = `${API_PREFIX}/admin/google-account/callback`;

/** Where the callback sends the browser afterwards: the dashboard, landing on the Google account card. */
export const GOOGLE_RETURN_PATH = `${ADMIN_PATH}?tab=integrations&sub=overview&field=google-account`;

/** An OAuth client ID as Google Cloud shows it: `1234567890-abc…xyz.apps.googleusercontent.com`. */
export const GOOGLE_CLIENT_ID_PATTERN = /^[\w.-]{1,150}\.apps\.googleusercontent\.com$/;

export const googleAccountStates = ['not-connected', 'connected', 'reconnect-needed'] as const;
export type GoogleAccountState = (typeof googleAccountStates)[number];

/** How the last connection attempt of this browser session ended (shown once back from Google). */
export const googleConnectAttemptSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  at: z.string(),
});
export type GoogleConnectAttempt = z.infer<typeof googleConnectAttemptSchema>;

/** `GET /api/admin/google-account`: the card's whole state. Never a token. */
export const googleAccountStatusSchema = z.object({
  /** The OAuth client ID and secret are both set (settings or environment). */
  clientConfigured: z.boolean(),
  /** The exact redirect URI to register in Google Cloud (the site's origin + GOOGLE_CALLBACK_PATH). */
  redirectUri: z.string(),
  state: z.enum(googleAccountStates),
  /** The connected channel; null when not connected. */
  channel: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The scopes Google granted. */
  scopes: z.array(z.string()),
  /** The revenue scope is among them. */
  revenue: z.boolean(),
  connectedAt: z.string().nullable(),
  /** Why a reconnection is needed (state `reconnect-needed`). */
  problem: z.string().nullable(),
  attempt: googleConnectAttemptSchema.nullable(),
});
export type GoogleAccountStatus = z.infer<typeof googleAccountStatusSchema>;

/** `POST /api/admin/google-account/connect`: whether to ask for the revenue scope too. */
export const connectGoogleBodySchema = z.strictObject({
  revenue: z.boolean({
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be true or false'),
  }),
});
export type ConnectGoogleBody = z.infer<typeof connectGoogleBodySchema>;

/** Its answer: the address of Google's consent page, where the dashboard sends the browser. */
export const googleAuthorizationSchema = z.object({ authorizationUrl: z.string() });
export type GoogleAuthorization = z.infer<typeof googleAuthorizationSchema>;

/** `DELETE /api/admin/google-account`: whether Google revoked the grant, and what the card says. */
export const googleDisconnectResultSchema = z.object({ revoked: z.boolean(), message: z.string() });
export type GoogleDisconnectResult = z.infer<typeof googleDisconnectResultSchema>;
