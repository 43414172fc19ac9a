import type { YoutubeCaptionsErrorKind } from '@app/contracts';
import { GoogleApiError } from '../google-account/google-api';
import { GoogleAccountUnavailableError } from '../google-account/google-account.service';
import { YOUTUBE_CAPTIONS_MESSAGES } from './youtube-captions-messages';

/** The site's own daily budget of units would be passed by the next call. */
export class UnitBudgetSpentError extends Error {
  constructor(readonly budget: number) {
    super(YOUTUBE_CAPTIONS_MESSAGES.budgetSpent(budget));
    this.name = 'UnitBudgetSpentError';
  }
}

/** The connected account has not granted youtube.force-ssl: nothing is asked of YouTube. */
export class CaptionScopeMissingError extends Error {
  constructor() {
    super(YOUTUBE_CAPTIONS_MESSAGES.scopeMissing);
    this.name = 'CaptionScopeMissingError';
  }
}

/** The run was stopped from outside (the switch turned off, the account disconnected, the process stopping). */
export class CaptionRunCancelledError extends Error {
  constructor() {
    super('The caption import was stopped');
    this.name = 'CaptionRunCancelledError';
  }
}

/** Google's reasons for a spent quota or too many calls (https://developers.google.com/youtube/v3/docs/errors). */
const QUOTA_REASONS = ['quotaExceeded', 'dailyLimitExceeded', 'rateLimitExceeded', 'userRateLimitExceeded'];

export const isQuotaRefusal = (error: unknown): error is GoogleApiError =>
  error instanceof GoogleApiError && (error.status === 429 || QUOTA_REASONS.includes(error.reason));

/** What stops a run, as the status tells it; null when there is nothing to say (not connected, stopped). */
export function runTrouble(error: unknown): { kind: YoutubeCaptionsErrorKind; message: string } | null {
  if (error instanceof GoogleAccountUnavailableError) {
    if (error.reason === 'not-connected') return null;
    return {
      kind: error.reason === 'reconnect-needed' ? 'reconnect-needed' : 'unreachable',
      message: error.message,
    };
  }
  if (error instanceof CaptionRunCancelledError) return null;
  if (error instanceof UnitBudgetSpentError) return { kind: 'budget', message: error.message };
  if (error instanceof CaptionScopeMissingError) return { kind: 'scope', message: error.message };
  if (isQuotaRefusal(error)) return { kind: 'quota', message: YOUTUBE_CAPTIONS_MESSAGES.quota(error.reason) };
  if (error instanceof GoogleApiError && error.status === 403 && error.reason === 'insufficientPermissions') {
    return { kind: 'scope', message: YOUTUBE_CAPTIONS_MESSAGES.scopeRefused };
  }
  if (error instanceof GoogleApiError && error.status >= 400 && error.status < 500) {
    return { kind: 'refused', message: YOUTUBE_CAPTIONS_MESSAGES.refused(error.reason, error.message) };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'unreachable', message: YOUTUBE_CAPTIONS_MESSAGES.unreachable(detail) };
}
