import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CHANNEL_ID_PATTERN,
  type LiveCheckResult,
  type LiveState,
  type LiveStream,
  type VideoLiveDetails,
} from '@app/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { ChannelService } from '../channel/channel.service';
import { BUMP_CONTENT_VERSION } from '../content-cache/content-version.subscriber';
import { replaceByDiff } from '../database/bulk-writes';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { SiteImagesService } from '../images/site-images.service';
import { SettingsService } from '../settings/settings.service';
import { VideosService, type VideoRow } from '../videos/videos.service';
import { AppLockService } from './app-lock.service';
import { hasLapsed, toLiveState, toLiveStreamRows, toVideoLiveDetails } from './live.mapper';
import { LiveStreamEntity } from './live-stream.entity';
import { YouTubeApiClient, YouTubeApiError } from './youtube-api.client';
import { toVideoRow } from './youtube.mapper';
import { configuredApiKey, configuredChannel } from './youtube-config';

/** Held while one check runs (in any process). */
export const LIVE_CHECK_LOCK = 'youtube-live-check';
/** Claimed for one interval by the process whose timer runs the scheduled check. */
export const LIVE_CHECK_SCHEDULE = 'youtube-live-check-schedule';
const LIVE_CHECK_LOCK_TTL_MS = 15_000;
/** What a `live_stream` row holds besides its id, all compared and written by a diff. */
const STREAM_COLUMNS = [
  'title',
  'thumbnail',
  'state',
  'scheduledStartTime',
  'actualStartTime',
  'actualEndTime',
] as const satisfies readonly (keyof LiveStreamEntity)[];
/** How often each process asks whether a scheduled check is due. */
export const LIVE_CHECK_TICK_MS = 30_000;

export const LIVE_MESSAGES = {
  notConfigured:
    'The live check needs the YouTube API key (in the dashboard or YOUTUBE_API_KEY) and a channel id (UC…) or a first sync',
  busy: 'A live check is already running; try again in a moment',
} as const;

/**
 * The light live check (issue 17): the newest page of the uploads and `videos.list` for those ids, 2 quota
 * units, never `search.list`. It keeps `live_stream` (what is live or scheduled now, and the actual start and
 * end of ended streams) apart from the full sync, and moves the kind of stored videos whose stream started or ended (`live` → `replay`), writing only
 * when the answer differs, so the public caches keep their entries between changes. One
 * check at a time and one scheduled check per interval across every API process (`app_lock`); a failed
 * check keeps the last known state.
 */
@Injectable()
export class LiveCheckService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LiveCheckService.name);
  private timer?: NodeJS.Timeout;
  private ticking = false;
  /** Up to when `expireLapsed` has looked for schedules that lapsed. */
  private lapsesSeenUntil = Date.now();

  constructor(
    @InjectRepository(LiveStreamEntity) private readonly streams: Repository<LiveStreamEntity>,
    private readonly locks: AppLockService,
    private readonly settings: SettingsService,
    private readonly channels: ChannelService,
    private readonly videos: VideosService,
    private readonly images: SiteImagesService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Tests (and the browser tests' stacks, NODE_ENV=test) run checks on demand instead of on a timer. */
  onApplicationBootstrap(): void {
    if (this.env.NODE_ENV === 'test') return;
    this.timer = setInterval(() => {
      void this.tick();
      void this.expireLapsed().catch((error: Error) =>
        this.logger.warn(`Looking for lapsed schedules: ${error.message}`),
      );
    }, LIVE_CHECK_TICK_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** What `GET /api/live` answers: the last known state, without the schedules that lapsed by now. */
  async state(): Promise<LiveState> {
    return this.withImages(toLiveState(await this.streams.find(), Date.now()));
  }

  /** Each stream with its video's image (a stream is one of the channel's videos; one query for both). */
  private async withImages(state: LiveState): Promise<LiveState> {
    const image = await this.images.of(
      'video',
      [state.live, state.upcoming].flatMap((stream) => (stream ? [stream.id] : [])),
    );
    const withImage = (stream: LiveStream | null) => stream && { ...stream, image: image(stream.id) };
    return { live: withImage(state.live), upcoming: withImage(state.upcoming) };
  }

  /**
   * A schedule that lapses (`hasLapsed`) changes `GET /api/live` and `/` without any write, while every cache (this
   * API's, the web server's renderings, nginx, browsers' validators) keeps its answer until `content_version` moves:
   * so the timer bumps it when a stream's schedule has lapsed since the last look. True when it bumped.
   */
  async expireLapsed(now = Date.now()): Promise<boolean> {
    const since = this.lapsesSeenUntil;
    this.lapsesSeenUntil = Math.max(since, now);
    const upcoming = await this.streams.findBy({ state: 'upcoming' });
    if (!upcoming.some((row) => hasLapsed(row, now) && !hasLapsed(row, since))) return false;
    await this.streams.query(BUMP_CONTENT_VERSION);
    return true;
  }

  /**
   * What the last check (or, for an ended stream, the sync) saw of one stream: a watch page's live details, or
   * null when it is not a stream known to be live, scheduled or ended.
   */
  async stream(videoId: string): Promise<VideoLiveDetails | null> {
    const row = await this.streams.findOneBy({ id: videoId });
    return row ? toVideoLiveDetails(row) : null;
  }

  /**
   * The sync's word on every stream, through its transaction. It read every upload (`liveStreamingDetails` in
   * the same `videos.list`), so `live_stream` becomes what it saw: live and scheduled streams with their
   * scheduled and actual start, replays with their actual start and end; streams gone from the channel go.
   * Issue 27: a stream's watch page has its `BroadcastEvent.startDate` from the first sync on, also a "free chat"
   * that stays upcoming below the newest 50 uploads, which the live check never reads; the check only refreshes.
   */
  async storeFromSync(manager: EntityManager, rows: LiveStreamEntity[]): Promise<void> {
    await this.write(manager, rows);
  }

  /**
   * The scheduled check: runs when the interval setting is on, the check is configured and this process
   * claims the current interval. Never throws (a failure is logged and the last state stays).
   */
  async tick(): Promise<LiveCheckResult | null> {
    if (this.ticking) return null;
    this.ticking = true;
    try {
      const minutes = await this.settings.get('liveCheckIntervalMinutes');
      if (!minutes || !(await this.uploadsPlaylistId())) return null;
      // A second less than the interval, so a tick a moment early still finds the claim expired.
      if (!(await this.locks.claim(LIVE_CHECK_SCHEDULE, minutes * 60_000 - 1000))) return null;
      return await this.check();
    } catch (error) {
      this.logger.warn(`Scheduled live check skipped: ${(error as Error).message}`);
      return null;
    } finally {
      this.ticking = false;
    }
  }

  /** One check now; 400 (not configured), 409 (another check is running), 502 (YouTube, state kept). */
  async check(): Promise<LiveCheckResult> {
    const apiKey = await configuredApiKey(this.settings);
    const uploads = await this.uploadsPlaylistId();
    if (!apiKey || !uploads) throw new BadRequestException(LIVE_MESSAGES.notConfigured);
    const lock = await this.locks.acquire(LIVE_CHECK_LOCK, LIVE_CHECK_LOCK_TTL_MS);
    if (!lock) throw new ConflictException(LIVE_MESSAGES.busy);
    const client = new YouTubeApiClient({ baseUrl: this.env.YOUTUBE_API_BASE_URL, apiKey });
    try {
      const page = await client.playlistItems(uploads);
      const ids = page.items.map((item) => item.contentDetails.videoId);
      const videos = ids.length > 0 ? await client.videos(ids) : [];
      const rows = toLiveStreamRows(videos);
      const changed = await this.replace(ids, rows, videos.map(toVideoRow));
      return {
        state: await this.withImages(toLiveState(rows, Date.now())),
        changed,
        apiUnits: client.unitsUsed,
      };
    } catch (error) {
      if (!(error instanceof YouTubeApiError)) throw error;
      this.logger.warn(
        `Live check failed: ${error.method}.list ${error.status} ${error.reason}: ${error.message}`,
      );
      throw new BadGatewayException(
        `Live check failed on ${error.method}.list (${error.reason}): ${error.message.replace(/\.+$/, '')}. ` +
          'The last known live state is kept.',
      );
    } finally {
      await lock.release().catch((e: Error) => this.logger.warn(`Releasing the lock: ${e.message}`));
    }
  }

  /**
   * The uploads playlist: the synced channel's, else the one YouTube derives from a channel id (UC… → UU…);
   * a handle needs a first sync. Null when the check cannot run.
   */
  private async uploadsPlaylistId(): Promise<string | null> {
    if (!(await configuredApiKey(this.settings))) return null;
    const configured = (await configuredChannel(this.settings, this.env)) ?? '';
    const channel = await this.channels.find();
    if (channel && !channel.isDemo && channel.uploadsPlaylistId) {
      const same =
        configured === channel.youtubeChannelId || configured.toLowerCase() === channel.handle?.toLowerCase();
      if (same || !configured) return channel.uploadsPlaylistId;
    }
    return CHANNEL_ID_PATTERN.test(configured) ? `UU${configured.slice(2)}` : null;
  }

  /**
   * Refreshes the streams of the page (the newest uploads, `pageIds`) when they differ from what is stored: a new
   * stream is added, a changed one updated, and one the page no longer shows as a stream dropped. Streams older
   * than the page keep what the sync or an earlier check stored (a free chat scheduled long ago stays upcoming,
   * a replay keeps its times). Updates the kinds of the stored videos that changed; true when it wrote.
   */
  private replace(pageIds: string[], rows: LiveStreamEntity[], videos: VideoRow[]): Promise<boolean> {
    return this.streams.manager.transaction(async (manager) => {
      const inPage = new Set(pageIds);
      const stored = await manager.getRepository(LiveStreamEntity).find();
      const older = stored.filter((row) => !inPage.has(row.id));
      const wrote = await this.write(manager, [...rows, ...older]);
      return (await this.videos.updateStreamKinds(manager, videos)) > 0 || wrote;
    });
  }

  /** Makes `live_stream` hold exactly `rows`, writing only what differs; true when it wrote. */
  private async write(manager: EntityManager, rows: LiveStreamEntity[]): Promise<boolean> {
    const changes = await replaceByDiff(manager, LiveStreamEntity, rows, STREAM_COLUMNS, {});
    return changes.added.length + changes.updated + changes.removed > 0;
  }
}
