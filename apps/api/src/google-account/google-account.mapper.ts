import { type GoogleAccountStatus, type GoogleConnectAttempt, GOOGLE_SCOPES } from '@app/contracts';
import { CONNECT_TTL_MS } from './connect-session';
import type { StoredAccount } from './google-account-store';

export interface StatusParts {
  stored: StoredAccount | null;
  clientConfigured: boolean;
  redirectUri: string;
  attempt: GoogleConnectAttempt | undefined;
  now: number;
}

/** The card's state: never a token, sealed or not. A connection attempt is told for 10 minutes. */
export function toGoogleAccountStatus({
  stored,
  clientConfigured,
  redirectUri,
  attempt,
  now,
}: StatusParts): GoogleAccountStatus {
  const row = stored?.row;
  const scopes = row ? row.scopes.split(' ').filter(Boolean) : [];
  const recent = attempt && now - Date.parse(attempt.at) <= CONNECT_TTL_MS ? attempt : null;
  return {
    clientConfigured,
    redirectUri,
    state: !row ? 'not-connected' : row.state === 'connected' ? 'connected' : 'reconnect-needed',
    channel: row ? { id: row.channelId, title: row.channelTitle } : null,
    scopes,
    revenue: scopes.includes(GOOGLE_SCOPES.revenue),
    connectedAt: row ? row.connectedAt.toISOString() : null,
    problem: row?.state === 'connected' ? null : (row?.problem ?? null),
    attempt: recent ? { ok: recent.ok, message: recent.message, at: recent.at } : null,
  };
}
