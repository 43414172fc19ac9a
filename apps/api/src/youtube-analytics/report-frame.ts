import { Injectable } from '@nestjs/common';
import type { AnalyticsRangeId, YoutubeUnavailableReason } from '@app/contracts';
import { type RangeDays, rangeDays } from '../analytics/analytics-math';
import type { StoredAccount } from '../google-account/google-account-store';
import { GoogleAccountService } from '../google-account/google-account.service';
import { YOUTUBE_ANALYTICS_MESSAGES } from './youtube-analytics-messages';
import { YoutubeAnalyticsRows } from './youtube-analytics-rows';
import { type ImportState, YoutubeAnalyticsStore } from './youtube-analytics-store';
import { connectionOf } from './youtube-analytics-status';

export interface Unavailable {
  available: false;
  range: AnalyticsRangeId;
  reason: YoutubeUnavailableReason;
  message: string;
}

/** What a report with figures is built on: its days, the import's state and the account. */
export interface Frame {
  range: AnalyticsRangeId;
  days: RangeDays;
  state: ImportState | null;
  account: StoredAccount;
  /** The first import has not read every day yet. */
  importing: boolean;
  /** When the import last read anything (the fallback of a report's fetchedAt). */
  lastFetchedAt: Date | null;
}

/**
 * Whether a report can have figures, and over which days: none without a connection (or with a refused grant and
 * nothing stored), none while the first import has stored nothing; else the range ends at the newest day YouTube
 * had data for.
 */
@Injectable()
export class ReportFrames {
  constructor(
    private readonly google: GoogleAccountService,
    private readonly store: YoutubeAnalyticsStore,
    private readonly rows: YoutubeAnalyticsRows,
  ) {}

  async frame(range: AnalyticsRangeId): Promise<Frame | Unavailable> {
    const [account, state, stored] = await Promise.all([
      this.google.find(),
      this.store.state(),
      this.rows.storedDays(),
    ]);
    const connection = connectionOf(account);
    const unavailable = (reason: YoutubeUnavailableReason, message: string): Unavailable => ({
      available: false,
      range,
      reason,
      message,
    });
    if (!account || connection.state === 'not-connected') {
      return unavailable('not-connected', YOUTUBE_ANALYTICS_MESSAGES.notConnected);
    }
    const importing = !state || state.firstNext >= state.firstFrom;
    const to = state?.dataTo ?? stored.to;
    if (!to) {
      if (connection.state === 'reconnect-needed') {
        return unavailable(
          'reconnect-needed',
          YOUTUBE_ANALYTICS_MESSAGES.reconnectNeeded(connection.problem),
        );
      }
      if (importing) return unavailable('importing', YOUTUBE_ANALYTICS_MESSAGES.importing);
    }
    return {
      range,
      days: rangeDays(range, to ?? state!.firstTo),
      state,
      account,
      importing,
      lastFetchedAt: state?.lastFetchedAt ?? null,
    };
  }
}

/** What every report with figures starts with; `reads` are its rows' fetch times. */
export function reportHead(frame: Frame, reads: Date[]) {
  return {
    available: true as const,
    range: frame.range,
    from: frame.days.from,
    to: frame.days.to,
    bucket: frame.days.bucket,
    fetchedAt: newestRead(reads, frame.lastFetchedAt),
    importing: frame.importing,
  };
}

/** The newest of `dates`, else `fallback`, else now: the instant a report's figures were read. */
export function newestRead(dates: Date[], fallback: Date | null): string {
  const newest = dates.reduce<number>((max, d) => Math.max(max, d.getTime()), 0);
  return new Date(newest || fallback?.getTime() || Date.now()).toISOString();
}

/** Σ value × weight / Σ weight, 0 without weight; rounded to `places`. */
export function weighted(pairs: { value: number; weight: number }[], places = 1): number {
  const weight = pairs.reduce((sum, p) => sum + p.weight, 0);
  if (!weight) return 0;
  return round(pairs.reduce((sum, p) => sum + p.value * p.weight, 0) / weight, places);
}

export const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
/** Minutes as hours, to one decimal. */
export const hours = (minutes: number) => round(minutes / 60, 1);
