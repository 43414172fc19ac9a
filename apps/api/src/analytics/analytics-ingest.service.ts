import {
  BadRequestException,
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { ANALYTICS_MAX_BODY_BYTES, type AnalyticsEvent, analyticsEventBatchSchema } from '@app/contracts';
import { json, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { isbot } from 'isbot';
import { createHash } from 'node:crypto';
import { Clock } from '../common/clock';
import { parseOrThrow } from '../common/validation';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { addressRefusal, clientNetworkKey, clientPrefixKey } from '../common/outbound/address-policy';
import { SettingsService } from '../settings/settings.service';
import { VideosService } from '../videos/videos.service';
import { addDays, referrerHost, sourceOfHost, utcDay } from './analytics-math';
import {
  type Increment,
  isAdminPath,
  OTHER,
  pageDim,
  progressDim,
  ROLLUP,
  searchDim,
  videoOfPath,
} from './analytics-kinds';
import { AnalyticsStoreService, type HeroSeen, type VisitorRow } from './analytics-store.service';
import { AnalyticsUpkeepService } from './analytics-upkeep.service';
import { SearchRollupsService } from './search-rollups.service';
import { TurnQueue } from './turn-queue';
import { WindowLimiter } from './window-limiter';

/** Who sent a batch: read from the request, used for the hash only, never stored. */
export interface EventSender {
  ip: string;
  userAgent: string;
  /** The site's host as the request named it. */
  host: string;
  /** `Sec-GPC: 1`: the visitor asked not to be tracked. */
  gpc: boolean;
}

/** Who sent a request, for the hash. */
export function eventSender(req: Request): EventSender {
  return {
    ip: req.ip ?? req.socket.remoteAddress ?? '',
    userAgent: req.get('user-agent') ?? '',
    host: req.hostname,
    gpc: req.get('sec-gpc') === '1',
  };
}

/** The 400 of an events body over ANALYTICS_MAX_BODY_BYTES (issue 13: a clear 400, not the 413 of other routes). */
export const EVENTS_BODY_TOO_LARGE = `body: must be at most ${ANALYTICS_MAX_BODY_BYTES} bytes (${ANALYTICS_MAX_BODY_BYTES / 1024} KB)`;

/**
 * The JSON parser of `POST /api/events` (`application/json`, or `text/plain` as sendBeacon sends it), capped at
 * ANALYTICS_MAX_BODY_BYTES; a bigger body is a 400 EVENTS_BODY_TOO_LARGE. Other errors (bad JSON: 400) go on as
 * body-parser gives them.
 */
export function eventsBodyParser(): RequestHandler {
  const parse = json({ limit: ANALYTICS_MAX_BODY_BYTES, type: ['application/json', 'text/plain'] });
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (error?: unknown) =>
      next(
        (error as { type?: string } | undefined)?.type === 'entity.too.large'
          ? new BadRequestException(EVENTS_BODY_TOO_LARGE)
          : error,
      ),
    );
}

/**
 * `POST /api/events` answered before Nest's router, guards and pipes (mounted on the path in app.factory.ts):
 * the beacons are the API's busiest call. Same service, same answers as AnalyticsController; errors go on to
 * the app's error filter.
 */
export function eventsFastPath(
  ingest: AnalyticsIngestService,
  queue = new TurnQueue(BEACONS_PER_TURN, MAX_BEACONS_WAITING),
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || req.path !== '/') return next();
    // Beacons yield to the other requests: at most BEACONS_PER_TURN are taken in each turn of the event loop.
    queue.run(() => {
      ingest.accept(req.body, eventSender(req)).then((accepted) => res.status(202).json({ accepted }), next);
    });
  };
}

/**
 * Beacons checked and answered per turn of the event loop (TurnQueue): under a flood a public read waits for
 * these at most (about 0.3 ms each), not for every beacon that arrived (docs/benchmarks.md, analytics flood).
 */
export const BEACONS_PER_TURN = 8;
/** Beyond this many beacons waiting, a new one is taken at once (clients that pipeline without waiting). */
export const MAX_BEACONS_WAITING = 2000;

interface Pending {
  day: string;
  visitor: string;
  /** The visitor's network (/24 or /48) hashed with the day's salt, for the flood check. */
  network: string;
  /** The site's host the event came in on: a referrer from it is internal. */
  host: string;
  event: AnalyticsEvent;
  /** The beacon it came in: whether it holds a page view, and the hero variants it shows (the page may queue a
   * hero impression or a click before the page view of the same load). */
  beacon: Beacon;
}

interface Beacon {
  viewed: boolean;
  hero: string;
}

/** The kinds that count only after a page view of the same visitor that day (issue 25); hero_click needs more. */
const AFTER_VIEW = new Set<AnalyticsEvent['kind']>([
  'play',
  'play_progress',
  'playlist_open',
  'subscribe_click',
  'community_click',
  'affiliate_click',
  'sponsor_click',
  'search',
]);

/** A set of hero variants as stored (`A`, `B`, `AB`). */
const heroSet = (variants: Iterable<string>): string => [...new Set(variants)].sort().join('');

/** Events per visitor (daily hash) per minute; a batch beyond it is dropped whole (`accepted: 0`). */
export const EVENTS_PER_VISITOR_PER_MINUTE = 120;
/**
 * Events per public IP address (an IPv6 address's /64: clientNetworkKey) per minute, whatever user agents it sends: a script that changes its user agent
 * on every request is a new "visitor" each time, but still one address. Generous, for a household or an office
 * behind one address. Loopback and private addresses (a proxy that is not trusted, a load test on the machine)
 * are left to the per-visitor limit, so a misconfigured proxy never throttles the whole site.
 */
export const EVENTS_PER_ADDRESS_PER_MINUTE = 600;
/** The buffer is written every FLUSH_INTERVAL_MS, or as soon as it holds FLUSH_AT events. */
export const FLUSH_INTERVAL_MS = 1000;
export const FLUSH_AT = 1000;
/** Events held while the database refuses writes; beyond it new events are refused (`accepted: 0`), not lost. */
export const MAX_BUFFERED = 100_000;
/** How long the enableSiteAnalytics setting is reused (the settings are read from the database). */
const SETTING_TTL_MS = 2000;
/** Rollups older than this are deleted (the longest range is a year; its first week may start a few days earlier). */
export const ROLLUP_KEEP_DAYS = 400;

/**
 * Takes validated events from `POST /api/events` into an in-memory buffer and writes it in batches, one
 * transaction each; a failed write keeps the events for the next try, and the buffer is written out on shutdown.
 */
@Injectable()
export class AnalyticsIngestService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Analytics');
  private readonly limiter = new WindowLimiter(EVENTS_PER_VISITOR_PER_MINUTE, 60_000);
  /** Keyed by a salted hash of the address, never the address itself; forgotten a minute or two after its first use. */
  private readonly addressLimiter = new WindowLimiter(EVENTS_PER_ADDRESS_PER_MINUTE, 60_000);
  private buffer: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private salt: { day: string; value: Promise<string> } | undefined;
  private day: { day: string; from: number; until: number } | undefined;
  private enabled: { until: number; value: Promise<boolean> } | undefined;
  private maintainedDay: string | undefined;
  private readonly ownHosts: string[];

  constructor(
    private readonly store: AnalyticsStoreService,
    private readonly upkeep: AnalyticsUpkeepService,
    private readonly searches: SearchRollupsService,
    private readonly settings: SettingsService,
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
    if (sender.gpc || isbot(sender.userAgent)) return 0;
    if (!(await this.isEnabled())) return 0;
    if (this.buffer.length + events.length > MAX_BUFFERED) return 0;
    const day = this.today();
    const salt = await this.saltFor(day);
    // From here on synchronous: the events belong to the day their salt is of, even if the await crossed midnight.
    const now = this.clock.now();
    const visitor = this.visitorHash(salt, sender);
    if (!this.limiter.take(visitor, events.length, now)) return 0;
    if (addressRefusal(sender.ip, { allowLoopback: false }) === null) {
      const network = clientNetworkKey(sender.ip);
      const address = createHash('sha256').update(`${salt}\0${network}`).digest('base64url');
      if (!this.addressLimiter.take(address, events.length, now)) return 0;
    }
    const host = sender.host.toLowerCase();
    const networkHash = createHash('sha256')
      .update(`${salt}\0network\0${clientPrefixKey(sender.ip)}`)
      .digest('hex')
      .slice(0, 16);
    const beacon: Beacon = {
      viewed: events.some((e) => e.kind === 'pageview' && !isAdminPath(e.path)),
      hero: heroSet(events.flatMap((e) => (e.kind === 'hero_impression' ? [e.variant] : []))),
    };
    for (const event of events) this.buffer.push({ day, visitor, network: networkHash, host, event, beacon });
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
      .then(([stored, seen]) => this.store.writeBatch(...this.toRows(batch, stored, seen)))
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
    await this.saltFor(today);
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

  private isEnabled(): Promise<boolean> {
    const now = this.clock.now();
    if (!this.enabled || now >= this.enabled.until) {
      const value = this.settings.get('enableSiteAnalytics');
      this.enabled = { until: now + SETTING_TTL_MS, value };
      value.catch(() => (this.enabled = undefined));
    }
    return this.enabled.value;
  }

  /** utcDay(now), worked out once a day rather than once a beacon. */
  private today(): string {
    const now = this.clock.now();
    if (!this.day || now < this.day.from || now >= this.day.until) {
      const day = utcDay(now);
      const from = Date.parse(`${day}T00:00:00Z`);
      this.day = { day, from, until: from + 86_400_000 };
    }
    return this.day.day;
  }

  private saltFor(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      const value = this.store.saltFor(day);
      this.salt = { day, value };
      value.catch(() => (this.salt = undefined));
    }
    return this.salt.value;
  }

  private visitorHash(salt: string, sender: EventSender): string {
    return createHash('sha256')
      .update(`${salt}\n${sender.ip}\n${sender.userAgent}\n${sender.host}`)
      .digest('hex')
      .slice(0, 32);
  }

  /**
   * A batch as rollup increments, the first page view of each visitor and day as a visitor row, and the hero
   * variants of visitors whose row may exist already. In order, with what is stored (`seen`): clicks and plays
   * count only after a page view of the same visitor that day, a hero click only after an impression of its variant
   * (either may also be in the same beacon); paths other than the site's routes count as OTHER, `/admin` not at all.
   */
  private toRows(
    batch: Pending[],
    storedVideos: Set<string>,
    seen: Map<string, string>,
  ): [Increment[], VisitorRow[], HeroSeen[]] {
    const increments: Increment[] = [];
    const visitors = new Map<string, VisitorRow>();
    const state = new Map<string, { viewed: boolean; hero: string; stored: string | undefined }>();
    const add = (kind: string, day: string, dim = '') => increments.push({ kind, day, dim, n: 1 });
    for (const { day, visitor, network, host: site, event, beacon } of batch) {
      const key = `${day}\n${visitor}`;
      let current = state.get(key);
      if (!current) {
        const stored = seen.get(key);
        current = { viewed: stored !== undefined, hero: stored ?? '', stored };
        state.set(key, current);
      }
      if (AFTER_VIEW.has(event.kind) && !current.viewed && !beacon.viewed) continue;
      switch (event.kind) {
        case 'pageview': {
          if (isAdminPath(event.path)) break;
          current.viewed = true;
          add(ROLLUP.view, day);
          add(ROLLUP.page, day, pageDim(event.path, storedVideos));
          add(ROLLUP.viewport, day, event.viewport);
          if (!visitors.has(key) && current.stored === undefined) {
            const host = referrerHost(event.referrer, [site, ...this.ownHosts]);
            const utm = event.utm;
            const campaign =
              utm && (utm.source || utm.medium || utm.campaign)
                ? [utm.source ?? '', utm.medium ?? '', utm.campaign ?? ''].join('\t')
                : '';
            visitors.set(key, {
              day,
              hash: visitor,
              source: sourceOfHost(host),
              referrer: host,
              campaign,
              hero: '',
              network,
            });
          }
          break;
        }
        case 'play':
          add(ROLLUP.play, day);
          add(ROLLUP.playVideo, day, storedVideos.has(event.videoId) ? event.videoId : OTHER);
          add(ROLLUP.playWhere, day, event.where);
          break;
        case 'play_progress':
          if (storedVideos.has(event.videoId))
            add(ROLLUP.playProgress, day, progressDim(event.videoId, event.milestone));
          break;
        case 'playlist_open':
          add(ROLLUP.playlistOpen, day, event.playlistId);
          break;
        case 'subscribe_click':
          add(ROLLUP.subscribeClick, day, event.where);
          break;
        case 'community_click':
          add(ROLLUP.communityClick, day, event.card);
          break;
        case 'hero_impression':
          current.hero = heroSet(current.hero + event.variant);
          add(ROLLUP.heroImpression, day, event.variant);
          break;
        case 'hero_click':
          if (current.hero.includes(event.variant) || beacon.hero.includes(event.variant))
            add(ROLLUP.heroClick, day, event.variant);
          break;
        case 'affiliate_click':
          add(ROLLUP.affiliateClick, day, event.programId);
          break;
        case 'search': {
          const query = searchDim(event.q);
          if (!query) break;
          add(ROLLUP.search, day, query);
          if (event.results === 0) add(ROLLUP.searchEmpty, day, query);
          break;
        }
        case 'sponsor_click':
          add(ROLLUP.sponsorClick, day, event.sponsorId);
          break;
      }
    }
    // New rows carry their variants; a row that may exist (stored, or inserted meanwhile by another process) is
    // updated when this batch showed it a new one.
    const heroes: HeroSeen[] = [];
    for (const [key, { hero, stored }] of state) {
      const row = visitors.get(key);
      if (row) row.hero = hero;
      if (hero && hero !== (stored ?? '')) {
        const [day, hash] = key.split('\n');
        heroes.push({ day, hash, hero });
      }
    }
    return [increments, [...visitors.values()], heroes];
  }
}
