import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { GoogleAccountService } from '../google-account/google-account.service';
import { SettingsService } from '../settings/settings.service';
import { nightlyDue } from '../youtube-analytics/import-plan';
import { AppLockService } from '../youtube/app-lock.service';
import { LockedJob } from '../youtube/locked-job';
import { SyncService } from '../youtube/sync.service';
import {
  type CaptionRunOutcome,
  type CaptionTrigger,
  YoutubeCaptionsImporter,
} from './youtube-captions-importer';
import { YoutubeCaptionsStore } from './youtube-captions-store';

/** Held by the process that runs the import, so two processes never run it at once. */
export const CAPTIONS_LOCK = 'youtube-captions';
const CAPTIONS_LOCK_TTL_MS = 5 * 60_000;
/** How often each process asks whether a run is due (and once shortly after it starts). */
export const CAPTIONS_TICK_MS = 10 * 60_000;
const FIRST_TICK_MS = 45_000;

/**
 * When "Transcripts from YouTube" runs, while the switch is on and an account is connected: after each successful
 * YouTube sync, nightly (import-plan.ts NIGHTLY_HOUR_UTC, once per UTC day across every process), on demand, when
 * the switch is turned on and when the account is (re)connected. Each run is bounded by the daily budget. Turning the
 * switch off, or disconnecting, stops a running one and deletes the tracks read from YouTube; a switch turned off
 * some other way (a restored backup) is caught up with at the next tick.
 */
@Injectable()
export class YoutubeCaptionsScheduler
  extends LockedJob<CaptionTrigger, CaptionRunOutcome>
  implements OnApplicationBootstrap
{
  constructor(
    private readonly importer: YoutubeCaptionsImporter,
    private readonly store: YoutubeCaptionsStore,
    private readonly google: GoogleAccountService,
    private readonly sync: SyncService,
    private readonly settings: SettingsService,
    locks: AppLockService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {
    super(
      { locks, name: CAPTIONS_LOCK, ttlMs: CAPTIONS_LOCK_TTL_MS },
      new Logger(YoutubeCaptionsScheduler.name),
      'YouTube captions',
    );
  }

  /** Listens to the Google account and the sync; outside tests (whose stacks tick on demand) starts the ticks. */
  onApplicationBootstrap(): void {
    this.google.listen({
      connected: () => void this.start('connect'),
      disconnected: () => this.stopAndRemove().then(() => undefined),
    });
    this.sync.afterSync(() => void this.start('sync'));
    if (this.env.NODE_ENV !== 'test') this.tickEvery(FIRST_TICK_MS, CAPTIONS_TICK_MS);
  }

  /** Stops a running run, then deletes every track read from YouTube; answers how many went. */
  async stopAndRemove(): Promise<number> {
    await this.cancel();
    return this.importer.removeAll();
  }

  /** One run of the import (with the switch off it ends at once). */
  protected run(trigger: CaptionTrigger, signal: AbortSignal): Promise<CaptionRunOutcome> {
    return this.importer.run(trigger, signal);
  }

  /** The nightly run when due; with the switch off, catches up with a switch turned off behind its back. */
  protected async due(): Promise<CaptionTrigger | null> {
    if (!(await this.settings.get('youtubeCaptions'))) {
      if ((await this.store.listedIds()).size > 0) await this.stopAndRemove();
      return null;
    }
    const account = await this.google.find();
    if (account?.row.state !== 'connected') return null;
    return nightlyDue((await this.store.state())?.nightlyDay ?? null, this.clock.now()) ? 'nightly' : null;
  }
}
