import type { Logger } from '@nestjs/common';
import type { AppLockService } from './app-lock.service';

/** What a job's run answers: anything, with the trouble it stopped on, if any. */
export interface JobOutcome {
  trouble: { message: string } | null;
}

/**
 * A background job of the API (an import through the Google account): at most one run in this process, and one
 * across every process (an app lock, `name`); a run is stopped through its AbortSignal; ticks ask whether a run is
 * due. The schedulers of the YouTube Analytics import and of the caption import are each one of these.
 */
export class LockedJob<Trigger extends string, Outcome extends JobOutcome> {
  private current: Promise<Outcome | null> | null = null;
  private stop: AbortController | null = null;
  private timers: NodeJS.Timeout[] = [];
  private ticking: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      locks: AppLockService;
      /** The app lock's name. */
      name: string;
      ttlMs: number;
      logger: Logger;
      /** The job in log lines: `YouTube Analytics`. */
      label: string;
      run: (trigger: Trigger, signal: AbortSignal) => Promise<Outcome>;
    },
  ) {}

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

  /** Calls `tick` after `firstMs`, then every `everyMs`; the timers never keep the process alive. */
  tickEvery(tick: () => Promise<void>, firstMs: number, everyMs: number): void {
    const run = () => void (this.ticking = tick());
    this.timers = [setTimeout(run, firstMs), setInterval(run, everyMs)];
    this.timers.forEach((timer) => timer.unref());
  }

  /** Stops the ticks and a going run (the module is being destroyed). */
  async close(): Promise<void> {
    this.timers.forEach((timer) => clearTimeout(timer));
    this.stop?.abort();
    await this.ticking;
    await this.whenIdle();
  }

  private async runLocked(trigger: Trigger, signal: AbortSignal): Promise<Outcome | null> {
    const { locks, name, ttlMs, logger, label } = this.deps;
    const lock = await locks.acquire(name, ttlMs);
    if (!lock) return null;
    try {
      const outcome = await this.deps.run(trigger, signal);
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
