import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { analyticsEventBatchSchema } from '@app/contracts';
import { Clock } from '../common/clock';
import { parseOrThrow } from '../common/validation';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { VideosService } from '../videos/videos.service';
import { AnalyticsAdmissionService } from './analytics-admission.service';
import type { EventSender } from './analytics-events-http';
import { addDays, utcDay } from './analytics-math';
import { videoOfPath } from './analytics-kinds';
import { beaconOf, type Pending, toRows } from './analytics-rows';
import { AnalyticsStoreService } from './analytics-store.service';
import { AnalyticsUpkeepService } from './analytics-upkeep.service';
import { SearchRollupsService } from './search-rollups.service';

/** The buffer is written every FLUSH_INTERVAL_MS, or as soon as it holds FLUSH_AT events. */
export const FLUSH_INTERVAL_MS = 1000;
export const FLUSH_AT = 1000;
/** Events held while the database refuses writes; beyond it new events are refused (`accepted: 0`), not lost. */
export const MAX_BUFFERED = 100_000;
/** Rollups older than this are deleted (the longest range is a year; its first week may start a few days earlier). */
export const ROLLUP_KEEP_DAYS = 400;

/**
 * Takes validated events from `POST /api/events` into an in-memory buffer and writes it in batches, one
 * transaction each; a failed write keeps the events for the next try, and the buffer is written out on shutdown.
 */
@Injectable()
export class AnalyticsIngestService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Analytics');
  private buffer: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private maintainedDay: string | undefined;
  private readonly ownHosts: string[];

  constructor(
    private readonly admission: AnalyticsAdmissionService,
    private readonly store: AnalyticsStoreService,
    private readonly upkeep: AnalyticsUpkeepService,
    private readonly searches: SearchRollupsService,
    private readonly videos: VideosService,
    private readonly clock: Clock,
    @Inject(ENV) env: Env,
  ) {
    this.ownHosts = env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).hostname.toLowerCase()] : [];
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    // The HTTP server is closed by now: nothing new arrives. A few tries, then say what is lost.
    for (let attempt = 0; this.buffer.length > 0 && attempt < 5; attempt++) {
      await this.flush().catch(() => new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1))));
    }
    if (this.buffer.length) this.logger.error(`Stopping with ${this.buffer.length} events not written`);
  }

  /** Validates a batch (400 naming the field) and takes what counts; answers how many were taken. */
  async accept(body: unknown, sender: EventSender): Promise<number> {
    const { events } = parseOrThrow(analyticsEventBatchSchema, body);
    if (!(await this.admission.counts(sender))) return 0;
    if (this.buffer.length + events.length > MAX_BUFFERED) return 0;
    const visit = await this.admission.admit(sender, events.length);
    if (!visit) return 0;
    const beacon = beaconOf(events);
    for (const event of events) this.buffer.push({ ...visit, event, beacon });
    // One write at a time: the next starts when it ends (below) or on the timer, never one per request.
    if (this.buffer.length >= FLUSH_AT && !this.flushing) void this.flush().catch(() => undefined);
    return events.length;
  }

  /** Writes everything buffered so far (one transaction per batch); rejects when the database refused it. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (!this.buffer.length) return;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = Promise.all([this.storedVideos(batch), this.visitorsSeen(batch)])
      .then(([stored, seen]) => this.store.writeBatch(...toRows(batch, stored, seen, this.ownHosts)))
      .catch((error: Error) => {
        // Keep them, oldest first, for the next try.
        this.buffer = batch.concat(this.buffer);
        this.logger.warn(`Writing ${batch.length} events failed (kept for the next try): ${error.message}`);
        throw error;
      });
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
    if (this.buffer.length >= FLUSH_AT) void this.flush().catch(() => undefined);
  }

  /**
   * The videos named by the batch (plays, progress, watch page paths) that the site holds: any other id counts as
   * OTHER or not at all, so a script cannot fill the table with made-up ids (one query per write, not per beacon).
   */
  private async storedVideos(batch: Pending[]): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const { event } of batch) {
      if (event.kind === 'play_progress' || event.kind === 'play') ids.add(event.videoId);
      const fromPath = event.kind === 'pageview' ? videoOfPath(event.path) : undefined;
      if (fromPath !== undefined) ids.add(fromPath);
    }
    if (!ids.size) return ids;
    return new Set((await this.videos.titles([...ids])).keys());
  }

  /** Per day, the batch's visitors who already have a page view stored, with the hero variants they were shown. */
  private async visitorsSeen(batch: Pending[]): Promise<Map<string, string>> {
    const byDay = new Map<string, Set<string>>();
    for (const { day, visitor } of batch) byDay.set(day, (byDay.get(day) ?? new Set()).add(visitor));
    const seen = new Map<string, string>();
    for (const [day, visitors] of byDay) {
      for (const [hash, hero] of await this.store.visitorsSeen(day, [...visitors])) {
        seen.set(`${day}\n${hash}`, hero);
      }
    }
    return seen;
  }

  /**
   * Once a day per process: today's salt (deleting older ones), yesterday's visitors kept, older ones rolled up.
   * The buffer is written first: a page view still buffered when its day is rolled up (a write that failed for a
   * while) would no longer find its visitor's row, and count that visitor twice.
   */
  async maintain(): Promise<void> {
    if (this.maintainedDay === utcDay(this.clock.now())) return;
    await this.flush();
    // The day after the write, which may have crossed midnight: the upkeep of a day already over would make its
    // salt again.
    const today = utcDay(this.clock.now());
    if (this.maintainedDay === today) return;
    this.maintainedDay = today;
    await this.admission.saltFor(today);
    await this.upkeep.rollVisitorsBefore(addDays(today, -1));
    await this.searches.foldDaysBefore(today);
    await this.upkeep.deleteRollupsBefore(addDays(today, -ROLLUP_KEEP_DAYS));
  }

  private async tick(): Promise<void> {
    try {
      await this.maintain();
      await this.flush();
    } catch {
      this.maintainedDay = undefined;
    }
  }
}
