import type { YoutubeImportErrorKind } from '@app/contracts';
import { GoogleApiError } from '../google-account/google-api';
import { GoogleAccountUnavailableError } from '../google-account/google-account.service';

/** The site's own daily budget of queries (YOUTUBE_ANALYTICS_DAILY_QUERIES) is spent. */
export class QueryBudgetSpentError extends Error {
  constructor(readonly limit: number) {
    super(
      `The site's daily budget of ${limit} YouTube Analytics queries is spent; what was read is kept and the import goes on at the next run.`,
    );
    this.name = 'QueryBudgetSpentError';
  }
}

/** The fetch was stopped from outside (the account is being disconnected). */
export class FetchCancelledError extends Error {
  constructor() {
    super('The fetch was stopped');
    this.name = 'FetchCancelledError';
  }
}

/** Google's reasons for a spent quota or too many calls (https://developers.google.com/youtube/v3/docs/errors). */
const QUOTA_REASONS = ['quotaExceeded', 'dailyLimitExceeded', 'rateLimitExceeded', 'userRateLimitExceeded'];

export const isQuotaError = (error: unknown): boolean =>
  error instanceof QueryBudgetSpentError ||
  (error instanceof GoogleApiError && (error.status === 429 || QUOTA_REASONS.includes(error.reason)));

/** A revenue query refused for want of the monetary scope: revenue is left out, the rest goes on. */
export const isScopeRefusal = (error: unknown): boolean =>
  error instanceof GoogleApiError && error.status === 403 && error.reason === 'insufficientPermissions';

/** What stops a fetch, as the status tells it; null for "not connected" (nothing to say: the card says it). */
export function fetchTrouble(error: unknown): { kind: YoutubeImportErrorKind; message: string } | null {
  if (error instanceof GoogleAccountUnavailableError) {
    if (error.reason === 'not-connected') return null;
    return {
      kind: error.reason === 'reconnect-needed' ? 'reconnect-needed' : 'unreachable',
      message: error.message,
    };
  }
  if (error instanceof FetchCancelledError) return null;
  if (error instanceof QueryBudgetSpentError) return { kind: 'quota', message: error.message };
  if (isQuotaError(error)) {
    const reason = (error as GoogleApiError).reason;
    return {
      kind: 'quota',
      message: `Google refused more YouTube Analytics queries today (${reason}); what was read is kept and the import goes on at the next run.`,
    };
  }
  if (error instanceof GoogleApiError && [400, 403, 404].includes(error.status)) {
    return {
      kind: 'refused',
      message: `YouTube Analytics refused a query: ${error.reason}: ${error.message}`,
    };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'unreachable', message: `YouTube Analytics could not be read: ${detail}` };
}
