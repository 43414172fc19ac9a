import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
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
export class YoutubeAnalyticsScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(YoutubeAnalyticsScheduler.name);
  private readonly job: LockedJob<FetchTrigger, FetchOutcome>;

  constructor(
    private readonly importer: YoutubeAnalyticsImporter,
    private readonly store: YoutubeAnalyticsStore,
    private readonly google: GoogleAccountService,
    locks: AppLockService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.job = new LockedJob({
      locks,
      name: FETCH_LOCK,
      ttlMs: FETCH_LOCK_TTL_MS,
      logger: this.logger,
      label: 'YouTube Analytics',
      run: (trigger, signal) => this.importer.run(trigger, signal),
    });
  }

  /** Listens to the Google account; outside tests (whose stacks tick on demand) starts the ticks. */
  onApplicationBootstrap(): void {
    this.google.listen({
      connected: () => void this.start('connect'),
      disconnected: async () => {
        await this.job.cancel();
        await this.store.wipe();
      },
    });
    if (this.env.NODE_ENV !== 'test') this.job.tickEvery(() => this.tick(), FIRST_TICK_MS, FETCH_TICK_MS);
  }

  onModuleDestroy(): Promise<void> {
    return this.job.close();
  }

  /** A fetch of this process is running. */
  get running(): boolean {
    return this.job.running;
  }

  /** Starts a fetch unless one is running in this process: true when it started. */
  start(trigger: FetchTrigger): boolean {
    return this.job.start(trigger);
  }

  /** Resolves once no fetch of this process is running (with the last one's outcome, if any). */
  whenIdle(): Promise<FetchOutcome | null> {
    return this.job.whenIdle();
  }

  /** Starts the fetch that is due, if any. Never throws. */
  async tick(): Promise<void> {
    try {
      const account = await this.google.find();
      if (account?.row.state !== 'connected') return;
      const trigger = dueFetch(await this.store.state(), this.clock.now());
      if (trigger) this.start(trigger);
    } catch (error) {
      this.logger.warn(`YouTube Analytics tick skipped: ${(error as Error).message}`);
    }
  }
}
