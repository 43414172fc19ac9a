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
  private timers: NodeJS.Timeout[] = [];
  private current: Promise<FetchOutcome | null> | null = null;
  private stop: AbortController | null = null;
  private ticking: Promise<void> = Promise.resolve();

  constructor(
    private readonly importer: YoutubeAnalyticsImporter,
    private readonly store: YoutubeAnalyticsStore,
    private readonly google: GoogleAccountService,
    private readonly locks: AppLockService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Listens to the Google account; outside tests (whose stacks tick on demand) starts the ticks. */
  onApplicationBootstrap(): void {
    this.google.listen({
      connected: () => void this.start('connect'),
      disconnected: async () => {
        this.stop?.abort();
        await this.whenIdle();
        await this.store.wipe();
      },
    });
    if (this.env.NODE_ENV === 'test') return;
    const tick = () => void (this.ticking = this.tick());
    this.timers = [setTimeout(tick, FIRST_TICK_MS), setInterval(tick, FETCH_TICK_MS)];
    this.timers.forEach((timer) => timer.unref());
  }

  async onModuleDestroy(): Promise<void> {
    this.timers.forEach((timer) => clearTimeout(timer));
    this.stop?.abort();
    await this.ticking;
    await this.whenIdle();
  }

  /** A fetch of this process is running. */
  get running(): boolean {
    return this.current !== null;
  }

  /** Starts a fetch unless one is running in this process: true when it started. */
  start(trigger: FetchTrigger): boolean {
    if (this.current) return false;
    const stop = new AbortController();
    this.stop = stop;
    this.current = this.runLocked(trigger, stop.signal).finally(() => {
      this.current = null;
      this.stop = null;
    });
    return true;
  }

  /** Resolves once no fetch of this process is running (with the last one's outcome, if any). */
  async whenIdle(): Promise<FetchOutcome | null> {
    return (await this.current?.catch(() => null)) ?? null;
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

  private async runLocked(trigger: FetchTrigger, signal: AbortSignal): Promise<FetchOutcome | null> {
    const lock = await this.locks.acquire(FETCH_LOCK, FETCH_LOCK_TTL_MS);
    if (!lock) return null;
    try {
      const outcome = await this.importer.run(trigger, signal);
      if (outcome.trouble) {
        this.logger.warn(`YouTube Analytics ${trigger} fetch stopped: ${outcome.trouble.message}`);
      }
      return outcome;
    } catch (error) {
      this.logger.warn(`YouTube Analytics ${trigger} fetch failed: ${(error as Error).message}`);
      return null;
    } finally {
      await lock.release().catch((e: Error) => this.logger.warn(`Releasing the lock: ${e.message}`));
    }
  }
}
