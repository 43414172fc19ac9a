import { GOOGLE_SCOPES, truncateText } from '@app/contracts';
import type { GoogleOAuthError } from './google-oauth';

/**
 * What the Google account card says after a connection attempt or a failure, in one place. Nothing here ever holds
 * a token: only channel names, scopes and Google's own error codes and descriptions.
 */
const CARD = 'Integrations → Overview → YouTube Analytics';
const AGAIN = 'Nothing was connected; press Connect to try again.';

export const GOOGLE_MESSAGES = {
  clientMissing: `OAuth client: set the client ID and secret of your Google Cloud project first (${CARD}; docs/integrations/google-account.md)`,
  denied: `Access was not allowed on Google’s consent page. ${AGAIN}`,
  stateMismatch: `This answer from Google does not match a connection started in this browser session (it may be older than 10 minutes, used already, or from another tab). ${AGAIN}`,
  missingScopes: `Google granted only part of the access asked for: “View YouTube Analytics reports” and “View your YouTube account” are both needed. ${AGAIN}`,
  noRefreshToken: `Google sent no refresh token. Remove the site’s access at https://myaccount.google.com/permissions, then connect again.`,
  googleError: (error: string) => `Google answered “${truncateText(error, 80)}”. ${AGAIN}`,
  exchangeFailed: (error: GoogleOAuthError, redirectUri: string) =>
    error.code === 'redirect_uri_mismatch'
      ? `Google refused the redirect URI: register exactly ${redirectUri} for the OAuth client in Google Cloud. ${AGAIN}`
      : error.code === 'invalid_client'
        ? `Google does not know this OAuth client ID and secret (${error.description || error.code}): check both under ${CARD}. ${AGAIN}`
        : `Google refused the connection (${error.message}). ${AGAIN}`,
  unreachable: (detail: string) => `Google could not be reached (${detail}). ${AGAIN}`,
  noChannel: (site: string) =>
    `The Google account you chose has no YouTube channel. Choose the account (or the brand account) that owns ${site} on Google’s page. ${AGAIN}`,
  otherChannel: (chosen: string, site: string) =>
    `The Google account you chose manages the channel ${chosen}, not this site’s channel ${site}. Choose the account (or the brand account) that owns ${site} on Google’s page, or change the site’s channel under Content → YouTube Integration. ${AGAIN}`,
  connected: (channel: string, revenue: boolean, captions = false) =>
    `Connected as ${channel}${[revenue ? ', with revenue' : '', captions ? ', with captions' : ''].join('')}.`,
  /** Why the card says Reconnect needed. */
  grantGone: (error: GoogleOAuthError) =>
    `Google no longer accepts the site’s access (${error.message}): it was revoked, expired or the account’s password changed. Connect again.`,
  keyLost:
    'The stored access cannot be read: the key that sealed it is gone (SESSION_SECRET or TOKEN_ENCRYPTION_KEY changed without TOKEN_PREVIOUS_KEYS). Connect again.',
  disconnected: 'Disconnected: Google revoked the site’s access and the site deleted it.',
  disconnectedAlreadyRevoked: 'Disconnected: the site deleted its access (Google had already revoked it).',
  disconnectedUnrevoked: (detail: string) =>
    `Disconnected: the site deleted its access, but Google could not be reached to revoke it (${detail}). Remove it yourself at https://myaccount.google.com/permissions.`,
  notConnected: 'No Google account was connected.',
} as const;

/** A channel as the messages name it: `“Title” (UC…)`. */
export const channelLabel = (id: string, title?: string | null) => (title ? `“${title}” (${id})` : id);

/** The short names of granted scopes, for the audit log. */
export function scopeNames(scopes: string[]): string {
  const names: Record<string, string> = {
    [GOOGLE_SCOPES.analytics]: 'analytics',
    [GOOGLE_SCOPES.youtube]: 'youtube',
    [GOOGLE_SCOPES.revenue]: 'revenue',
    [GOOGLE_SCOPES.captions]: 'captions',
  };
  return scopes.map((scope) => names[scope] ?? scope).join(', ');
}
