import { utcDay } from '../analytics/analytics-math';
import type { Clock } from '../common/clock';
import { GoogleApiError } from '../google-account/google-api';
import type { GoogleAccess, GoogleAccountService } from '../google-account/google-account.service';
import { FetchCancelledError, QueryBudgetSpentError } from './fetch-errors';
import { queryReport, type ReportQuery, type ReportRow } from './reports-query';
import type { YoutubeAnalyticsStore } from './youtube-analytics-store';

/**
 * The reports.query calls of one fetch: each counted on its UTC day before it is sent (Google counts errors too),
 * refused once the day's budget is spent, and sent again once with a fresh access token after a 401.
 */
export class ReportSession {
  /** Calls this session made. */
  queries = 0;

  constructor(
    private access: GoogleAccess,
    private readonly deps: {
      google: GoogleAccountService;
      store: YoutubeAnalyticsStore;
      clock: Clock;
      dailyLimit: number;
      /** Stops the session before its next call. */
      signal?: AbortSignal;
    },
  ) {}

  /** The revenue scope is granted. */
  get revenue(): boolean {
    return this.access.revenue;
  }

  /** The connected account's channel (`channel==MINE`). */
  get channelId(): string {
    return this.access.channelId;
  }

  async query(query: ReportQuery): Promise<ReportRow[]> {
    try {
      return await this.send(query);
    } catch (error) {
      if (!(error instanceof GoogleApiError) || error.status !== 401) throw error;
      this.access = await this.deps.google.access({ fresh: true });
      return this.send(query);
    }
  }

  private async send(query: ReportQuery): Promise<ReportRow[]> {
    const { google, store, clock, dailyLimit, signal } = this.deps;
    if (signal?.aborted) throw new FetchCancelledError();
    const day = utcDay(clock.now());
    if ((await store.queriesOn(day)) >= dailyLimit) throw new QueryBudgetSpentError(dailyLimit);
    await store.countQuery(day);
    this.queries += 1;
    return queryReport(google.endpoints, google.policy, this.access.accessToken, query);
  }
}
