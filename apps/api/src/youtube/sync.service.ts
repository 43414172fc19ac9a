import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  Inject,
  Injectable,
  InternalServerErrorException,
  Logger,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type NotificationDelivery, watchUrl } from '@app/contracts';
import type { Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { ImageRefreshService } from '../images/image-refresh.service';
import { NotificationsService, type PublishingChannel } from '../notifications/notifications.service';
import { SettingsService } from '../settings/settings.service';
import { AppLockService, type HeldLock } from './app-lock.service';
import { ChannelNotFoundError, fetchChannelSnapshot } from './channel-snapshot';
import { SyncRunEntity } from './sync-run.entity';
import { type SyncData, SyncStoreService } from './sync-store.service';
import { FeedChannelNotFoundError, FeedError, fetchChannelFeed, toFeedSyncData } from './channel-feed';
import { type OutboundPolicy, outboundPolicy } from '../common/outbound/outbound-http';
import { type ChannelRef, YouTubeApiClient, YouTubeApiError } from './youtube-api.client';
import type { VideoRow } from '../videos/videos.service';
import { toLiveStreamRows } from './live.mapper';
import { toChannelRow, toPlaylistRow, toVideoRow } from './youtube.mapper';
import {
  channelName,
  channelRef,
  configuredApiKey,
  configuredChannel,
  YOUTUBE_MESSAGES,
} from './youtube-config';

export const SYNC_LOCK = 'youtube-sync';
/** A crashed process blocks syncs for at most this long; a live one keeps extending it. */
export const SYNC_LOCK_TTL_MS = 15_000;
/** How often a running sync writes its progress to its `sync_run` row (the dashboard polls it). */
export const SYNC_PROGRESS_INTERVAL_MS = 1000;

export const MESSAGES = {
  missingChannel: YOUTUBE_MESSAGES.missingChannel,
  feedNeedsId: YOUTUBE_MESSAGES.feedNeedsId,
  busy: 'A YouTube sync is already running; try again when it has finished',
  lockLost: 'Another process took over the sync lock; nothing was changed',
  interrupted: 'Interrupted: the API process stopped during the sync',
} as const;

class LockLostError extends Error {
  constructor() {
    super(MESSAGES.lockLost);
  }
}

interface SyncConfig {
  /** Undefined: feed mode (issue 24), the newest 15 videos from the channel's public feed, 0 units. */
  apiKey: string | undefined;
  ref: ChannelRef;
}

/** What a sync read, ready to write, and the channel its new videos are announced for. */
interface SyncRead {
  data: SyncData;
  channel: PublishingChannel;
}

/**
 * One YouTube sync: read the whole channel first (no writes), then apply it in one transaction, so any
 * failure leaves the database as it was. One sync at a time across every API process (a lock row in the
 * database); each run is recorded in `sync_run`, failures included. New videos are announced afterwards,
 * in the background, and the deliveries recorded on the run.
 */
@Injectable()
export class SyncService implements OnModuleDestroy {
  private readonly logger = new Logger(SyncService.name);
  private running = false;
  private readonly announcing = new Set<Promise<void>>();
  private readonly policy: OutboundPolicy;
  private readonly synced: (() => void)[] = [];

  constructor(
    @InjectRepository(SyncRunEntity) private readonly runs: Repository<SyncRunEntity>,
    private readonly locks: AppLockService,
    private readonly store: SyncStoreService,
    private readonly settings: SettingsService,
    private readonly notifications: NotificationsService,
    private readonly images: ImageRefreshService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.policy = outboundPolicy(env);
  }

  /** When the last successful sync ended (what the site's public counts were read from YouTube at); null: none yet. */
  async lastSuccessAt(): Promise<Date | null> {
    const run = await this.runs.findOne({
      select: { id: true, finishedAt: true },
      where: { kind: 'sync', outcome: 'success' },
      order: { id: 'DESC' },
    });
    return run?.finishedAt ?? null;
  }

  /**
   * The last sync, the last successful one, and the last push (pushes are in the history too, issue 24), and
   * whether a channel and a key are set (the dashboard's badge and its Sync Now before set-up).
   */
  async status(): Promise<{
    lastRun: SyncRunEntity | null;
    lastSuccess: SyncRunEntity | null;
    lastPush: SyncRunEntity | null;
    setup: { channel: boolean; apiKey: boolean };
  }> {
    const [lastRun, lastSuccess, lastPush, channel, apiKey] = await Promise.all([
      this.runs.findOne({ where: { kind: 'sync' }, order: { id: 'DESC' } }),
      this.runs.findOne({ where: { kind: 'sync', outcome: 'success' }, order: { id: 'DESC' } }),
      this.runs.findOne({ where: { kind: 'push' }, order: { id: 'DESC' } }),
      configuredChannel(this.settings, this.env),
      configuredApiKey(this.settings),
    ]);
    return { lastRun, lastSuccess, lastPush, setup: { channel: Boolean(channel), apiKey: Boolean(apiKey) } };
  }

  /** Calls `listener` after each successful sync (the caption import starts then); it must only start its work. */
  afterSync(listener: () => void): void {
    this.synced.push(listener);
  }

  /** Runs a sync and returns its recorded run; 400 (configuration), 409 (busy), 502 (YouTube). */
  async sync(): Promise<SyncRunEntity> {
    const config = await this.config();
    if (this.running) throw new ConflictException(MESSAGES.busy);
    this.running = true;
    let announce: (() => Promise<void>) | undefined;
    try {
      const lock = await this.locks.acquire(SYNC_LOCK, SYNC_LOCK_TTL_MS);
      if (!lock) throw new ConflictException(MESSAGES.busy);
      try {
        const done = await this.run(config, lock);
        announce = done.announce;
        for (const listener of this.synced) listener();
        // The images of what changed are fetched in the background; the table of them is in line when this answers.
        await this.images
          .refresh()
          .catch((error: Error) => this.logger.error(`Refreshing the images: ${error.message}`));
        return done.run;
      } finally {
        await lock
          .release()
          .catch((error: Error) => this.logger.warn(`Releasing the lock: ${error.message}`));
      }
    } finally {
      this.running = false;
      if (announce) this.track(announce());
    }
  }

  /** Lets pending announcements finish (and be recorded) before the database closes. */
  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.announcing]);
  }

  private async config(): Promise<SyncConfig> {
    const apiKey = await configuredApiKey(this.settings);
    const channel = await configuredChannel(this.settings, this.env);
    if (!channel) throw new BadRequestException(MESSAGES.missingChannel);
    const ref = channelRef(channel);
    if (!apiKey && 'handle' in ref) throw new BadRequestException(MESSAGES.feedNeedsId(ref.handle));
    return { apiKey, ref };
  }

  private async run(
    config: SyncConfig,
    lock: HeldLock,
  ): Promise<{ run: SyncRunEntity; announce?: () => Promise<void> }> {
    const startedAt = new Date(this.clock.now());
    // Holding the lock, any run still marked running belongs to a process that died.
    await this.runs.update(
      { outcome: 'running' },
      { outcome: 'failed', finishedAt: startedAt, error: MESSAGES.interrupted },
    );
    const run = await this.runs.save(
      this.runs.create({
        startedAt,
        finishedAt: null,
        outcome: 'running',
        videos: 0,
        playlists: 0,
        added: 0,
        updated: 0,
        removed: 0,
        apiUnits: 0,
        pages: 0,
        expectedVideos: null,
        error: null,
        notifications: null,
        kind: 'sync',
        videoId: null,
      }),
    );
    const client = new YouTubeApiClient({
      baseUrl: this.env.YOUTUBE_API_BASE_URL,
      apiKey: config.apiKey ?? '',
    });
    const progress = this.trackProgress(run.id, client);
    // A feed sync fetches one page.
    const fetched = () => ({
      pages: config.apiKey ? client.pages : 1,
      expectedVideos: client.channelVideoCount,
    });
    try {
      const read = config.apiKey ? await this.readApi(client, config.ref) : await this.readFeed(config.ref);
      // Reading is done: no progress write may meet the write below (one writer on SQLite).
      await progress.stop();
      const applied = await this.store.apply(read.data, async (manager) => {
        if (!(await lock.isHeld(manager))) throw new LockLostError();
      });
      const success: Partial<SyncRunEntity> = {
        finishedAt: new Date(this.clock.now()),
        outcome: 'success',
        videos: applied.videos,
        playlists: applied.playlists,
        added: applied.added,
        updated: applied.updated,
        removed: applied.removed,
        apiUnits: client.unitsUsed,
        ...fetched(),
      };
      await this.runs.update(run.id, success);
      Object.assign(run, success);
      const { channel } = read;
      const due = applied.newVideos.length > 0 && (await this.notifications.anyEnabled());
      return { run, announce: due ? () => this.announce(run.id, applied.newVideos, channel) : undefined };
    } catch (error) {
      await progress.stop();
      const failure = this.failure(error, config.ref);
      const failed: Partial<SyncRunEntity> = {
        finishedAt: new Date(this.clock.now()),
        outcome: 'failed',
        apiUnits: client.unitsUsed,
        pages: config.apiKey ? client.pages : 0,
        expectedVideos: client.channelVideoCount,
        error: failure.record.slice(0, 2000),
      };
      await this.runs
        .update(run.id, failed)
        .catch((e: Error) => this.logger.error(`Could not record the failed sync: ${e.message}`));
      throw failure.answer;
    }
  }

  /**
   * Writes a running sync's pages, videos and units to its row every SYNC_PROGRESS_INTERVAL_MS while it reads
   * (issue 24: the dashboard shows them with the time left). `stop` ends it and waits for a write in flight.
   */
  private trackProgress(runId: number, client: YouTubeApiClient): { stop: () => Promise<void> } {
    let last = '';
    let writing: Promise<unknown> = Promise.resolve();
    const write = () => {
      const now = {
        pages: client.pages,
        videos: client.videosFetched,
        apiUnits: client.unitsUsed,
        expectedVideos: client.channelVideoCount,
      };
      const key = JSON.stringify(now);
      if (key === last) return;
      last = key;
      writing = writing
        .then(() => this.runs.update({ id: runId, outcome: 'running' }, now))
        .catch((e: Error) => this.logger.warn(`Recording the sync's progress: ${e.message}`));
    };
    const timer = setInterval(write, SYNC_PROGRESS_INTERVAL_MS);
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await writing;
      },
    };
  }

  /** The whole channel from the Data API. */
  private async readApi(client: YouTubeApiClient, ref: ChannelRef): Promise<SyncRead> {
    const snapshot = await fetchChannelSnapshot(client, ref, (page) =>
      page.map((video) => ({ row: toVideoRow(video), stream: toLiveStreamRows([video])[0] })),
    );
    return {
      data: {
        channel: toChannelRow(snapshot.channel),
        videos: snapshot.videos.map((video) => video.row),
        playlists: snapshot.playlists.map(toPlaylistRow),
        streams: snapshot.videos.flatMap((video) => video.stream ?? []),
        playlistItems: snapshot.playlistItems,
      },
      channel: { id: snapshot.channel.id, title: snapshot.channel.snippet.title },
    };
  }

  /** The newest 15 from the channel's public feed (feed mode, no key, 0 units; `channel-feed.ts`). */
  private async readFeed(ref: ChannelRef): Promise<SyncRead> {
    const id = 'id' in ref ? ref.id : ref.handle;
    const feed = await fetchChannelFeed(id, { origin: this.env.YOUTUBE_FEED_BASE_URL, policy: this.policy });
    return { data: toFeedSyncData(feed), channel: { id: feed.channelId, title: feed.title } };
  }

  /** The HTTP answer for a failed sync, and what the run records (the same message, except for a bug). */
  private failure(error: unknown, ref: ChannelRef): { answer: HttpException; record: string } {
    const answer = (exception: HttpException) => ({ answer: exception, record: exception.message });
    if (error instanceof YouTubeApiError) {
      const said = error.message.replace(/\.+$/, '');
      this.logger.warn(
        `YouTube sync failed: ${error.method}.list ${error.status} ${error.reason}: ${error.message}`,
      );
      if (error.isQuotaExceeded) {
        return answer(
          new BadGatewayException(
            `YouTube API quota exceeded (${error.reason}) on ${error.method}.list. The existing data is kept; ` +
              'try again after the daily quota resets (midnight Pacific Time).',
          ),
        );
      }
      if (error.status === 0) {
        return answer(
          new BadGatewayException(
            `Could not reach the YouTube API (${error.reason}): ${said}. The existing data is kept.`,
          ),
        );
      }
      return answer(
        new BadGatewayException(
          `YouTube API error on ${error.method}.list (${error.reason}, HTTP ${error.status}): ${said}. ` +
            'The existing data is kept.',
        ),
      );
    }
    if (error instanceof FeedChannelNotFoundError) {
      return answer(new BadRequestException(YOUTUBE_MESSAGES.noSuchChannel(error.channelId)));
    }
    if (error instanceof FeedError) {
      this.logger.warn(`YouTube feed sync failed: ${error.message}`);
      return answer(new BadGatewayException(`${error.message}. The existing data is kept.`));
    }
    if (error instanceof ChannelNotFoundError) {
      return answer(new BadRequestException(YOUTUBE_MESSAGES.noSuchChannel(channelName(ref))));
    }
    if (error instanceof LockLostError) return answer(new ConflictException(error.message));
    if (error instanceof HttpException) return answer(error);
    // A bug or a database failure: logged in full, answered as a plain 500 by the exception filter.
    this.logger.error(`YouTube sync failed: ${(error as Error).stack ?? String(error)}`);
    return {
      answer: new InternalServerErrorException('Internal server error'),
      record: `Sync failed: ${(error as Error).message ?? String(error)}`,
    };
  }

  private async announce(runId: number, videos: VideoRow[], channel: PublishingChannel): Promise<void> {
    let deliveries: NotificationDelivery[];
    try {
      deliveries = await this.notifications.announce(
        videos.map((v) => ({ ...v, url: watchUrl(v.id) })),
        channel,
      );
    } catch (error) {
      this.logger.error(`New-video notifications failed: ${(error as Error).message}`);
      deliveries = videos.map((v) => ({
        target: 'webhook' as const,
        videoId: v.id,
        ok: false,
        status: null,
        error: (error as Error).message,
      }));
    }
    await this.runs.update(runId, { notifications: JSON.stringify(deliveries) });
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((error: Error) => this.logger.error(`Recording notifications: ${error.message}`))
      .finally(() => this.announcing.delete(tracked));
    this.announcing.add(tracked);
  }
}
