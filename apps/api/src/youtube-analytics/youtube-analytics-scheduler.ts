import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { GoogleAccountService } from '../google-account/google-account.service';
import { AppLockService } from '../youtube/app-lock.service';
import { LockedJob } from '../youtube/locked-job';
import { dueFetch } from './import-plan';
import { type FetchOutcome, type FetchTrigger, YoutubeAnalyticsImporter } from './youtube-analytics-importer';
import { YoutubeAnalyticsStore } from './youtube-analytics-store';

/** Held by the process that fetches, so two processes never import at once. */
export const FETCH_LOCK = 'youtube-analytics-fetch';
const FETCH_LOCK_TTL_MS = 5 * 60_000;
/** How often each process asks whether a fetch is due (and once shortly after it starts). */
export const FETCH_TICK_MS = 10 * 60_000;
const FIRST_TICK_MS = 30_000;

/**
 * When the import runs: at once on a connection, nightly (import-plan.ts NIGHTLY_HOUR_UTC, once per UTC day across
 * every process: the app lock), on demand from the dashboard, and again at the next tick for a first import a stopped
 * process (or an unreachable Google) left unfinished; after a quota stop, a refused grant or a refused query it waits
 * for the nightly fetch (or a reconnection). Disconnecting stops a running fetch and deletes every stored figure.
 */
@Injectable()
export class YoutubeAnalyticsScheduler
  extends LockedJob<FetchTrigger, FetchOutcome>
  implements OnApplicationBootstrap
{
  constructor(
    private readonly importer: YoutubeAnalyticsImporter,
    private readonly store: YoutubeAnalyticsStore,
    private readonly google: GoogleAccountService,
    locks: AppLockService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {
    super(
      { locks, name: FETCH_LOCK, ttlMs: FETCH_LOCK_TTL_MS },
      new Logger(YoutubeAnalyticsScheduler.name),
      'YouTube Analytics',
    );
  }

  /** Listens to the Google account; outside tests (whose stacks tick on demand) starts the ticks. */
  onApplicationBootstrap(): void {
    this.google.listen({
      connected: () => void this.start('connect'),
      disconnected: async () => {
        await this.cancel();
        await this.store.wipe();
      },
    });
    if (this.env.NODE_ENV !== 'test') this.tickEvery(FIRST_TICK_MS, FETCH_TICK_MS);
  }

  protected run(trigger: FetchTrigger, signal: AbortSignal): Promise<FetchOutcome> {
    return this.importer.run(trigger, signal);
  }

  /** The fetch that is due while the account is connected (import-plan.ts dueFetch), if any. */
  protected async due(): Promise<FetchTrigger | null> {
    const account = await this.google.find();
    if (account?.row.state !== 'connected') return null;
    return dueFetch(await this.store.state(), this.clock.now());
  }
}
