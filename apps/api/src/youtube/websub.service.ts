import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import {
  VIDEO_ID_PATTERN,
  WEBSUB_CALLBACK_PATH,
  WEBSUB_HUB_URL,
  type WebsubOffReason,
  type WebsubStatus,
  watchUrl,
  websubTopic,
} from '@app/contracts';
import { XMLParser } from 'fast-xml-parser';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import { isIP } from 'node:net';
import { DataSource, LessThan, type Repository } from 'typeorm';
import { ChannelService } from '../channel/channel.service';
import { Clock } from '../common/clock';
import { addressRefusal } from '../common/outbound/address-policy';
import {
  outboundFetch,
  type OutboundPolicy,
  outboundPolicy,
  outboundRequest,
} from '../common/outbound/outbound-http';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { ImageRefreshService } from '../images/image-refresh.service';
import { NotificationsService } from '../notifications/notifications.service';
import { SettingsService } from '../settings/settings.service';
import { VideosService, type VideoRow } from '../videos/videos.service';
import { AppLockService } from './app-lock.service';
import { SyncRunEntity } from './sync-run.entity';
import { fetchChannelFeed, toFeedVideoRow } from './channel-feed';
import { YouTubeApiClient } from './youtube-api.client';
import { toVideoRow } from './youtube.mapper';
import { configuredApiKey, configuredChannel } from './youtube-config';
import { WebsubAnnouncedEntity } from './websub-announced.entity';
import { WebsubIntentEntity } from './websub-intent.entity';
import { WebsubSubscriptionEntity } from './websub-subscription.entity';

/** The lease asked for (YouTube's hub grants about 5 days whatever is asked). */
export const WEBSUB_LEASE_SECONDS = 5 * 24 * 3600;
/** The shortest lease a verification may grant: a minute. The longest is the one asked for. */
const MIN_LEASE_SECONDS = 60;
/** The query parameter of the callback URL that carries a request's token (the hub adds its `hub.*` ones). */
export const WEBSUB_TOKEN_PARAM = 'token';
/** Renewal at this share of the lease. */
export const WEBSUB_RENEW_AT = 0.8;
/** A subscribe request still unverified after this long is asked again (and its token is worthless). */
export const WEBSUB_PENDING_RETRY_MS = 10 * 60_000;
/** How often each process looks whether the subscription needs work. */
export const WEBSUB_CHECK_INTERVAL_MS = 60_000;
/** A notification is one Atom entry (or a few): 256 kB is plenty. */
export const WEBSUB_BODY_LIMIT = '256kb';
export const WEBSUB_LOCK = 'youtube-websub';
const WEBSUB_LOCK_TTL_MS = 30_000;

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'entry',
});

interface Wanted {
  topic: string;
  callback: string;
  channelId: string;
}

/**
 * YouTube push (WebSub, issue 24): with a public https PUBLIC_URL and a channel, one subscription at
 * the hub shared by every API process (one row, changed under the app lock), renewed at 80 % of its lease,
 * dropped when the channel or PUBLIC_URL changes. A correctly signed notification stores just its video (one
 * videos.list unit with a key, the feed without), records it in the sync history when it added or changed the
 * video (a run of kind `push`), and announces it once (a claim row per video).
 */
@Injectable()
export class WebsubService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebsubService.name);
  private readonly policy: OutboundPolicy;
  private timer: NodeJS.Timeout | undefined;
  private readonly work = new Set<Promise<unknown>>();

  constructor(
    @InjectRepository(WebsubSubscriptionEntity)
    private readonly subscriptions: Repository<WebsubSubscriptionEntity>,
    @InjectRepository(WebsubAnnouncedEntity) private readonly announced: Repository<WebsubAnnouncedEntity>,
    @InjectRepository(WebsubIntentEntity) private readonly intents: Repository<WebsubIntentEntity>,
    @InjectRepository(SyncRunEntity) private readonly runs: Repository<SyncRunEntity>,
    private readonly dataSource: DataSource,
    private readonly locks: AppLockService,
    private readonly settings: SettingsService,
    private readonly channels: ChannelService,
    private readonly videos: VideosService,
    private readonly notifications: NotificationsService,
    private readonly images: ImageRefreshService,
    private readonly clock: Clock,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.policy = outboundPolicy(env);
  }

  onApplicationBootstrap(): void {
    // The hub verifies the callback as soon as it is asked, and gives up after about a second: ask once this
    // process answers HTTP. The other start-up hooks (the admin's password hash, the demo seed) run before
    // `listen`, and on a busy machine take longer than the hub waits; a failed verification is retried only
    // after WEBSUB_PENDING_RETRY_MS.
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    const start = () => this.track(this.reconcile());
    if (!server || server.listening) start();
    else server.once('listening', start);
    this.timer = setInterval(() => this.track(this.reconcile()), WEBSUB_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await Promise.allSettled([...this.work]);
  }

  private track(job: Promise<unknown>): void {
    const tracked = job
      .catch((error: Error) => this.logger.warn(`WebSub: ${error.message}`))
      .finally(() => this.work.delete(tracked));
    this.work.add(tracked);
  }

  /** Why push is off, or null when PUBLIC_URL and the channel allow it. */
  private async wanted(): Promise<Wanted | WebsubOffReason> {
    if (!this.publicCallbackOrigin()) return 'no-public-url';
    const channel = await configuredChannel(this.settings, this.env);
    if (!channel || channel.startsWith('@')) return 'no-channel';
    return {
      topic: websubTopic(channel),
      callback: `${this.publicCallbackOrigin()}${WEBSUB_CALLBACK_PATH}`,
      channelId: channel,
    };
  }

  private publicCallbackOrigin(): string | null {
    return websubCallbackOrigin(this.env);
  }

  private get hubUrl(): string {
    return this.env.WEBSUB_HUB_URL ?? WEBSUB_HUB_URL;
  }

  /**
   * Brings the hub in line with the settings, once across every process (the app lock): subscribes when
   * missing, pending for too long or past 80 % of the lease; unsubscribes when push is off or the topic or
   * callback changed.
   */
  async reconcile(): Promise<void> {
    // Push off and nothing subscribed (most sites): no lock, no write.
    if (
      typeof (await this.wanted()) === 'string' &&
      !(await this.subscriptions.existsBy({ id: WebsubSubscriptionEntity.SINGLETON_ID }))
    ) {
      return;
    }
    const lock = await this.locks.acquire(WEBSUB_LOCK, WEBSUB_LOCK_TTL_MS);
    if (!lock) return;
    try {
      const wanted = await this.wanted();
      const row = await this.subscriptions.findOneBy({ id: WebsubSubscriptionEntity.SINGLETON_ID });
      if (typeof wanted === 'string') {
        if (row) {
          await this.subscriptions.delete({ id: row.id });
          await this.ask('unsubscribe', row).catch((error: Error) =>
            this.logger.warn(`WebSub unsubscribe failed: ${error.message}`),
          );
        }
        return;
      }
      const moved = row && (row.topic !== wanted.topic || row.callback !== wanted.callback);
      if (row && !moved && !this.due(row)) return;
      await this.subscribe(wanted, row);
    } finally {
      await lock.release().catch(() => undefined);
    }
  }

  private due(row: WebsubSubscriptionEntity): boolean {
    const now = this.clock.now();
    if (row.state === 'pending') return now - row.requestedAt.getTime() >= WEBSUB_PENDING_RETRY_MS;
    if (!row.verifiedAt || !row.leaseSeconds) return true;
    return now >= row.verifiedAt.getTime() + row.leaseSeconds * 1000 * WEBSUB_RENEW_AT;
  }

  private async subscribe(wanted: Wanted, previous: WebsubSubscriptionEntity | null): Promise<void> {
    const same = previous && previous.topic === wanted.topic && previous.callback === wanted.callback;
    const row: WebsubSubscriptionEntity = {
      id: WebsubSubscriptionEntity.SINGLETON_ID,
      topic: wanted.topic,
      callback: wanted.callback,
      // The hub's subscription stays the verified one until the new request is verified.
      callbackToken: same ? previous.callbackToken : null,
      // A renewal keeps the secret (notifications in flight stay valid); a new topic gets a new one.
      secret: same ? previous.secret : randomBytes(32).toString('hex'),
      // A renewal stays active until its verification arrives.
      state: same && previous.state === 'active' ? 'active' : 'pending',
      requestedAt: new Date(this.clock.now()),
      leaseSeconds: same ? previous.leaseSeconds : null,
      verifiedAt: same ? previous.verifiedAt : null,
      expiresAt: same ? previous.expiresAt : null,
      lastNotificationAt: same ? previous.lastNotificationAt : null,
      lastError: null,
    };
    // Saved before asking: the hub may verify before its answer reaches us. The old topic is let go only
    // now, when it is no longer the stored one (its unsubscribe verification is then confirmed).
    await this.subscriptions.save(row);
    if (previous && !same) {
      await this.ask('unsubscribe', previous).catch((error: Error) =>
        this.logger.warn(`WebSub unsubscribe failed: ${error.message}`),
      );
    }
    try {
      await this.ask('subscribe', row);
    } catch (error) {
      await this.subscriptions.update({ id: row.id }, { lastError: (error as Error).message.slice(0, 500) });
      throw error;
    }
  }

  /**
   * One subscribe or unsubscribe request to the hub, through the outbound rules; a non-2xx throws. It is
   * recorded first (the hub may verify before it answers), with its token in the callback URL: a subscribe
   * gets a new one (and the earlier subscribe requests stop counting); an unsubscribe names the callback of
   * the subscription the hub verified, so its token. A subscription from before tokens has none: its
   * unsubscribe cannot be verified, and the hub lets it run out (at most its 5-day lease).
   */
  private async ask(
    mode: 'subscribe' | 'unsubscribe',
    row: Pick<WebsubSubscriptionEntity, 'topic' | 'callback' | 'callbackToken' | 'secret'>,
  ): Promise<void> {
    const now = this.clock.now();
    await this.intents.delete({ requestedAt: LessThan(new Date(now - WEBSUB_PENDING_RETRY_MS)) });
    if (mode === 'subscribe') await this.intents.delete({ mode });
    const token = mode === 'subscribe' ? randomBytes(24).toString('hex') : row.callbackToken;
    if (token) {
      await this.intents.save({
        token,
        mode,
        topic: row.topic,
        leaseSeconds: mode === 'subscribe' ? WEBSUB_LEASE_SECONDS : null,
        requestedAt: new Date(now),
      });
    }
    const form = new URLSearchParams({
      'hub.mode': mode,
      'hub.topic': row.topic,
      'hub.callback': callbackUrl(row.callback, token),
      'hub.verify': 'async',
      ...(mode === 'subscribe'
        ? { 'hub.secret': row.secret, 'hub.lease_seconds': String(WEBSUB_LEASE_SECONDS) }
        : {}),
    });
    const answer = await outboundRequest(
      this.hubUrl,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      },
      this.policy,
    );
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`the hub answered ${answer.status} to ${mode}: ${answer.text.slice(0, 200)}`);
    }
  }

  /**
   * The hub's intent verification: the challenge to echo, or null (404) unless it confirms a request this
   * site made and has not seen verified: its token, mode and topic, not older than WEBSUB_PENDING_RETRY_MS;
   * for a subscribe, the stored topic and a lease of a minute up to the one asked for (the lease kept and
   * renewed from is the hub's). Each request is confirmed once.
   */
  async verify(query: Record<string, unknown>): Promise<string | null> {
    const mode = query['hub.mode'];
    const topic = query['hub.topic'];
    const challenge = query['hub.challenge'];
    const token = query[WEBSUB_TOKEN_PARAM];
    if (mode !== 'subscribe' && mode !== 'unsubscribe') return null;
    if (typeof topic !== 'string' || typeof token !== 'string') return null;
    if (typeof challenge !== 'string' || !challenge || challenge.length > 512) return null;
    const now = this.clock.now();
    const intent = await this.intents.findOneBy({ token, mode });
    // Compared here too: MySQL compares strings without case.
    if (!intent || intent.token !== token || intent.topic !== topic) return null;
    if (now - intent.requestedAt.getTime() > WEBSUB_PENDING_RETRY_MS) return null;
    const lease = Number(query['hub.lease_seconds']);
    if (mode === 'subscribe') {
      if (!Number.isInteger(lease) || lease < MIN_LEASE_SECONDS || lease > (intent.leaseSeconds ?? 0)) {
        return null;
      }
      const row = await this.subscriptions.findOneBy({ id: WebsubSubscriptionEntity.SINGLETON_ID });
      if (row?.topic !== topic) return null;
    }
    // Used up by the first verification: of two at once (a replay racing the hub), one wins.
    const used = await this.intents.delete({ token: intent.token, mode, topic });
    if (used.affected !== 1) return null;
    if (mode === 'subscribe') {
      await this.subscriptions.update(
        { id: WebsubSubscriptionEntity.SINGLETON_ID, topic },
        {
          state: 'active',
          callbackToken: intent.token,
          leaseSeconds: lease,
          verifiedAt: new Date(now),
          expiresAt: new Date(now + lease * 1000),
          lastError: null,
        },
      );
    }
    return challenge;
  }

  /**
   * A notification: dropped silently unless signed with the subscription's secret (`X-Hub-Signature:
   * sha1=…`, compared in constant time); each entry's video is fetched, stored, and announced once.
   */
  async notify(body: Buffer, signature: string | undefined): Promise<void> {
    const row = await this.subscriptions.findOneBy({ id: WebsubSubscriptionEntity.SINGLETON_ID });
    if (!row || !signature || !validSignature(body, signature, row.secret)) return;
    await this.subscriptions.update({ id: row.id }, { lastNotificationAt: new Date(this.clock.now()) });
    const channelId = new URL(row.topic).searchParams.get('channel_id') ?? '';
    for (const videoId of entriesOf(body.toString('utf8'), channelId)) {
      await this.receive(videoId, channelId).catch((error: Error) =>
        this.logger.warn(`WebSub: could not store ${videoId}: ${error.message}`),
      );
    }
  }

  private async receive(videoId: string, channelId: string): Promise<void> {
    const startedAt = new Date(this.clock.now());
    const { video, apiUnits } = await this.fetchVideo(videoId, channelId);
    if (!video) return;
    const stored = await this.dataSource.transaction(async (manager) => {
      const channel = await this.channels.find(manager);
      // Before the first sync of this channel (the demo, another channel) the sync brings everything.
      if (!channel || channel.isDemo || channel.youtubeChannelId !== channelId) return null;
      const changes = await this.videos.mergeFromFeed(manager, [video]);
      const added = changes.added.length;
      if (!added && !changes.updated) return null;
      // A push that changed something is in the sync history (issue 24), as a run of kind `push`.
      const runs = manager.getRepository(SyncRunEntity);
      const run = await runs.save(
        runs.create({
          kind: 'push',
          videoId,
          startedAt,
          finishedAt: new Date(this.clock.now()),
          outcome: 'success',
          videos: 1,
          playlists: 0,
          added,
          updated: changes.updated,
          removed: 0,
          apiUnits,
          pages: 1,
          expectedVideos: null,
          error: null,
          notifications: null,
        }),
      );
      return { title: channel.title, added: added > 0, runId: run.id };
    });
    if (stored) {
      await this.images
        .refresh()
        .catch((error: Error) => this.logger.warn(`WebSub: refreshing the images: ${error.message}`));
    }
    if (!stored?.added || !(await this.claim(videoId))) return;
    if (!(await this.notifications.anyEnabled())) return;
    // Announced in the background: the hub gets its answer without waiting for Discord or SMTP.
    this.track(
      this.notifications
        .announce([{ ...video, url: watchUrl(video.id) }], { id: channelId, title: stored.title })
        .then(async (deliveries) => {
          const failed = deliveries.filter((d) => !d.ok);
          if (failed.length) this.logger.warn(`Pushed ${videoId}: ${failed.length} notification(s) failed`);
          if (deliveries.length) {
            await this.runs
              .update(stored.runId, { notifications: JSON.stringify(deliveries) })
              .catch((e: Error) => this.logger.warn(`Recording the push's notifications: ${e.message}`));
          }
        }),
    );
  }

  /** True for exactly one caller per video, across processes (the insert that won the primary key). */
  private async claim(videoId: string): Promise<boolean> {
    const claimedBy = randomUUID();
    await this.announced
      .createQueryBuilder()
      .insert()
      .into(WebsubAnnouncedEntity)
      .values({ videoId, claimedBy, announcedAt: new Date(this.clock.now()) })
      .orIgnore()
      .updateEntity(false)
      .execute();
    return this.announced.existsBy({ videoId, claimedBy });
  }

  /** Just this video: videos.list (1 unit) with a key, else its entry in the channel's feed (0 units). */
  private async fetchVideo(
    videoId: string,
    channelId: string,
  ): Promise<{ video: VideoRow | null; apiUnits: number }> {
    const apiKey = await configuredApiKey(this.settings);
    if (apiKey) {
      const client = new YouTubeApiClient({
        baseUrl: this.env.YOUTUBE_API_BASE_URL,
        apiKey,
        fetch: outboundFetch(this.policy),
      });
      const [video] = await client.videos([videoId]);
      return { video: video ? toVideoRow(video) : null, apiUnits: client.unitsUsed };
    }
    const feed = await fetchChannelFeed(channelId, {
      origin: this.env.YOUTUBE_FEED_BASE_URL,
      policy: this.policy,
    });
    const entry = feed.entries.find((e) => e.videoId === videoId);
    return { video: entry ? toFeedVideoRow(entry) : null, apiUnits: 0 };
  }

  /** The dashboard's view: never the secret. */
  async status(): Promise<WebsubStatus> {
    const wanted = await this.wanted();
    const row = await this.subscriptions.findOneBy({ id: WebsubSubscriptionEntity.SINGLETON_ID });
    const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
    if (typeof wanted === 'string' || !row) {
      return {
        state: typeof wanted === 'string' ? 'off' : 'pending',
        offReason: typeof wanted === 'string' ? wanted : null,
        channelId: typeof wanted === 'string' ? null : wanted.channelId,
        leaseExpiresAt: null,
        lastNotificationAt: null,
        lastError: null,
      };
    }
    return {
      state: row.state,
      offReason: null,
      channelId: wanted.channelId,
      leaseExpiresAt: iso(row.expiresAt),
      lastNotificationAt: iso(row.lastNotificationAt),
      lastError: row.lastError,
    };
  }
}

/**
 * PUBLIC_URL's origin when YouTube's hub can call it: https, and not localhost, a `.local` name or a private,
 * loopback or other special address. A test hub (WEBSUB_HUB_URL, refused in production) calls a local API
 * over http. Null: push is off.
 */
export function websubCallbackOrigin(env: Pick<Env, 'PUBLIC_URL' | 'WEBSUB_HUB_URL'>): string | null {
  if (!env.PUBLIC_URL) return null;
  const url = new URL(env.PUBLIC_URL);
  if (env.WEBSUB_HUB_URL) return url.origin;
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return null;
  if (isIP(host) && addressRefusal(host, { allowLoopback: false })) return null;
  return url.origin;
}

/** The callback URL the hub is given: the site's, with the request's token when it has one. */
export function callbackUrl(callback: string, token: string | null): string {
  if (!token) return callback;
  const url = new URL(callback);
  url.searchParams.set(WEBSUB_TOKEN_PARAM, token);
  return url.toString();
}

/** `sha1=<hex HMAC-SHA1 of the body>` with the secret, compared in constant time. */
export function validSignature(body: Buffer, header: string, secret: string): boolean {
  const match = /^sha1=([0-9a-f]{40})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha1', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}

/** The video ids of a notification's entries for `channelId` (deleted entries and other channels ignored). */
export function entriesOf(xml: string, channelId: string): string[] {
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    return [];
  }
  const feed = (document as { feed?: { entry?: unknown } } | null)?.feed;
  const entries = Array.isArray(feed?.entry) ? (feed.entry as Record<string, unknown>[]) : [];
  return entries
    .filter((e) => typeof e === 'object' && e !== null)
    .filter((e) => String(e['yt:channelId'] ?? '') === channelId)
    .map((e) => String(e['yt:videoId'] ?? ''))
    .filter((id) => VIDEO_ID_PATTERN.test(id))
    .slice(0, 15);
}
