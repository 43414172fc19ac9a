import { GOOGLE_SCOPES, type GoogleAccountState } from '@app/contracts';

/** The card's badge for each state. */
export const googleAccountBadges: Record<GoogleAccountState, { color: string; label: string }> = {
  'not-connected': { color: 'gray', label: 'Not connected' },
  connected: { color: 'green', label: 'Connected' },
  'reconnect-needed': { color: 'orange', label: 'Reconnect needed' },
};

/** What each granted scope lets the site read, in the dashboard's words. */
const SCOPE_LABELS: Record<string, string> = {
  [GOOGLE_SCOPES.analytics]: 'YouTube Analytics reports',
  [GOOGLE_SCOPES.youtube]: 'your YouTube account',
  [GOOGLE_SCOPES.revenue]: 'revenue',
  [GOOGLE_SCOPES.captions]: 'caption tracks',
};

/** `YouTube Analytics reports, your YouTube account and revenue` (read-only). */
export function scopeList(scopes: string[]): string {
  const names = scopes.map((scope) => SCOPE_LABELS[scope] ?? scope);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'nothing');
}

/** The Connect button's words for a state. */
export const connectLabels: Record<GoogleAccountState, string> = {
  'not-connected': 'Connect Google account',
  connected: 'Connect again',
  'reconnect-needed': 'Reconnect Google account',
};
