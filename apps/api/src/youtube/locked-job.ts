import type { Logger, OnModuleDestroy } from '@nestjs/common';
import type { AppLockService } from './app-lock.service';

/** What a job's run answers: anything, with the trouble it stopped on, if any. */
export interface JobOutcome {
  trouble: { message: string } | null;
}

/** The app lock a job's runs hold: its name, and how long it lasts unless renewed. */
export interface JobLock {
  locks: AppLockService;
  name: string;
  ttlMs: number;
}

/**
 * A background job of the API (an import through the Google account): at most one run in this process, and one
 * across every process (an app lock); a run is stopped through its AbortSignal; ticks start the run that is due.
 * The schedulers of the YouTube Analytics import and of the caption import extend it with what a run does (`run`),
 * when one is due (`due`), and what starts and stops them.
 */
export abstract class LockedJob<
  Trigger extends string,
  Outcome extends JobOutcome,
> implements OnModuleDestroy {
  private current: Promise<Outcome | null> | null = null;
  private stop: AbortController | null = null;
  private timers: NodeJS.Timeout[] = [];
  private ticking: Promise<void> = Promise.resolve();

  /** `label` names the job in log lines: `YouTube Analytics`. */
  constructor(
    private readonly lock: JobLock,
    protected readonly logger: Logger,
    private readonly label: string,
  ) {}

  /** One run; `signal` stops it before its next call to Google. */
  protected abstract run(trigger: Trigger, signal: AbortSignal): Promise<Outcome>;

  /** The run due now, if any. */
  protected abstract due(): Promise<Trigger | null>;

  /** A run of this process is going. */
  get running(): boolean {
    return this.current !== null;
  }

  /** Starts a run unless one of this process is going: true when it started. */
  start(trigger: Trigger): boolean {
    if (this.current) return false;
    const stop = new AbortController();
    this.stop = stop;
    this.current = this.runLocked(trigger, stop.signal).finally(() => {
      this.current = null;
      this.stop = null;
    });
    return true;
  }

  /** Resolves once no run of this process is going (with the last one's outcome, if any). */
  async whenIdle(): Promise<Outcome | null> {
    return (await this.current?.catch(() => null)) ?? null;
  }

  /** Stops a going run before its next call to Google, and waits for it. */
  async cancel(): Promise<void> {
    this.stop?.abort();
    await this.whenIdle();
  }

  /** Starts the run that is due, if any. Never throws. */
  async tick(): Promise<void> {
    try {
      const trigger = await this.due();
      if (trigger) this.start(trigger);
    } catch (error) {
      this.logger.warn(`${this.label} tick skipped: ${(error as Error).message}`);
    }
  }

  /** Ticks after `firstMs`, then every `everyMs`; the timers never keep the process alive. */
  protected tickEvery(firstMs: number, everyMs: number): void {
    const run = () => void (this.ticking = this.tick());
    this.timers = [setTimeout(run, firstMs), setInterval(run, everyMs)];
    this.timers.forEach((timer) => timer.unref());
  }

  /** Stops the ticks and a going run (the module is being destroyed). */
  async onModuleDestroy(): Promise<void> {
    this.timers.forEach((timer) => clearTimeout(timer));
    this.stop?.abort();
    await this.ticking;
    await this.whenIdle();
  }

  private async runLocked(trigger: Trigger, signal: AbortSignal): Promise<Outcome | null> {
    const { logger, label } = this;
    const lock = await this.lock.locks.acquire(this.lock.name, this.lock.ttlMs);
    if (!lock) return null;
    try {
      const outcome = await this.run(trigger, signal);
      if (outcome.trouble) logger.warn(`${label} ${trigger} run stopped: ${outcome.trouble.message}`);
      return outcome;
    } catch (error) {
      logger.warn(`${label} ${trigger} run failed: ${(error as Error).message}`);
      return null;
    } finally {
      await lock.release().catch((e: Error) => logger.warn(`Releasing the lock: ${e.message}`));
    }
  }
}
