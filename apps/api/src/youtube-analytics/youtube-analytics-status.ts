import { Injectable } from '@nestjs/common';
import {
  GOOGLE_SCOPES,
  type YoutubeAnalyticsStatus,
  type YoutubeImportErrorKind,
  type YoutubeRevenueState,
} from '@app/contracts';
import { utcDay } from '../analytics/analytics-math';
import { Clock } from '../common/clock';
import type { StoredAccount } from '../google-account/google-account-store';
import { GoogleAccountService } from '../google-account/google-account.service';
import { lastTrouble, runGoing } from '../youtube/job-state';
import { type ImportWindow, importProgress, nextNightly, revenueWindow } from './import-plan';
import { YOUTUBE_ANALYTICS_MESSAGES } from './youtube-analytics-messages';
import { YoutubeAnalyticsImporter } from './youtube-analytics-importer';
import { YoutubeAnalyticsRows } from './youtube-analytics-rows';
import { YoutubeAnalyticsScheduler } from './youtube-analytics-scheduler';
import { type ImportState, YoutubeAnalyticsStore } from './youtube-analytics-store';

/** The connection as the YouTube view sees it, from the Google account's row (no call to Google). */
export function connectionOf(account: StoredAccount | null) {
  const state = !account
    ? 'not-connected'
    : account.row.state === 'connected'
      ? 'connected'
      : 'reconnect-needed';
  return { state, problem: account?.row.problem ?? null } as const;
}

/** The import's status for the dashboard: the connection, the first import's progress, queries, the last trouble. */
@Injectable()
export class YoutubeAnalyticsStatusService {
  constructor(
    private readonly google: GoogleAccountService,
    private readonly store: YoutubeAnalyticsStore,
    private readonly rows: YoutubeAnalyticsRows,
    private readonly scheduler: YoutubeAnalyticsScheduler,
    private readonly importer: YoutubeAnalyticsImporter,
    private readonly clock: Clock,
  ) {}

  async status(): Promise<YoutubeAnalyticsStatus> {
    const [account, state, stored] = await Promise.all([
      this.google.find(),
      this.store.state(),
      this.rows.storedDays(),
    ]);
    const now = this.clock.now();
    const connection = connectionOf(account);
    const connected = connection.state === 'connected';
    const running = runGoing(state, this.scheduler.running, now);
    return {
      connection: connection.state,
      message:
        connection.state === 'not-connected'
          ? YOUTUBE_ANALYTICS_MESSAGES.notConnected
          : connection.state === 'reconnect-needed'
            ? YOUTUBE_ANALYTICS_MESSAGES.reconnectNeeded(connection.problem)
            : null,
      revenue: account ? revenueState(account, state) : null,
      firstImport: state
        ? progressOf(
            { from: state.firstFrom, to: state.firstTo, next: state.firstNext },
            running && connected,
          )
        : null,
      revenueImport: revenueImportOf(state, running && connected),
      running,
      lastFetchedAt: state?.lastFetchedAt?.toISOString() ?? null,
      storedFrom: stored.from,
      storedTo: stored.to,
      nextFetchAt: connected ? new Date(nextNightly(state?.nightlyDay ?? null, now)).toISOString() : null,
      queries: {
        today: state?.queriesDay === utcDay(now) ? state.queries : 0,
        dailyLimit: this.importer.dailyLimit,
      },
      lastError: lastTrouble<YoutubeImportErrorKind>(state),
    };
  }
}

/** Refused when YouTube refused it at the last fetch (403), else whether the scope is granted. */
export function revenueState(account: StoredAccount, state: ImportState | null): YoutubeRevenueState {
  if (state?.revenue === 'refused') return 'refused';
  return account.row.scopes.split(' ').includes(GOOGLE_SCOPES.revenue) ? 'granted' : 'not-granted';
}

function progressOf(window: ImportWindow, running: boolean) {
  const { done, total } = importProgress(window);
  return { daysDone: done, daysTotal: total, running: running && done < total, done: done >= total };
}

/** The revenue import's progress; it runs only while revenue is granted. */
function revenueImportOf(state: ImportState | null, running: boolean) {
  const window = state && revenueWindow(state);
  return window ? progressOf(window, running && state.revenue === 'granted') : null;
}
