import { type ChannelRef, YOUTUBE_PAGE_SIZE, YOUTUBE_UNIT_COST, type YouTubeMethod } from '@app/contracts';
import type { z } from 'zod';
import {
  listSchema,
  type YtChannel,
  ytChannelSchema,
  ytErrorSchema,
  type YtPage,
  type YtPlaylist,
  type YtPlaylistItem,
  ytPlaylistItemSchema,
  ytPlaylistSchema,
  type YtVideo,
  ytVideoSchema,
} from './youtube-api.types';

/** The methods the client calls (never `search`). */
export type YtMethod = Exclude<YouTubeMethod, 'search'>;
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * A failed call. `status` is YouTube's HTTP status (0 when no answer came) and `reason` its first error
 * reason (`quotaExceeded`, `keyInvalid`, …) or ours (`network`, `timeout`, `invalidResponse`).
 */
export class YouTubeApiError extends Error {
  constructor(
    readonly method: YtMethod,
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'YouTubeApiError';
  }

  get isQuotaExceeded(): boolean {
    return ['quotaExceeded', 'dailyLimitExceeded', 'rateLimitExceeded'].includes(this.reason);
  }
}

export type { ChannelRef };

export interface YouTubeClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const stripHtml = (text: string) => text.replace(/<[^>]*>/g, '').trim();

/**
 * A typed YouTube Data API v3 client over `fetch`: only the four list calls the sync needs (never
 * `search.list`, which costs 100 units). Every answer is validated; `unitsUsed` counts the quota spent,
 * failed calls included (YouTube charges them too).
 */
export class YouTubeApiClient {
  unitsUsed = 0;
  /** Pages (list answers) received, and the videos `videos.list` gave: a running sync's progress (issue 24). */
  pages = 0;
  videosFetched = 0;
  /** The uploads the last `channels.list` answer said the channel has. */
  channelVideoCount: number | null = null;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: YouTubeClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
  }

  /**
   * `channels.list` by id or @handle with snippet, contentDetails, statistics and brandingSettings (the banner; one
   * unit whatever the parts); null when there is none.
   */
  async channel(ref: ChannelRef, signal?: AbortSignal): Promise<YtChannel | null> {
    const filter = 'id' in ref ? { id: ref.id } : { forHandle: ref.handle };
    const page = await this.list(
      'channels',
      { part: 'snippet,contentDetails,statistics,brandingSettings', ...filter },
      ytChannelSchema,
      signal,
    );
    this.channelVideoCount = page.items[0]?.statistics.videoCount ?? null;
    return page.items[0] ?? null;
  }

  /** One page (50) of a playlist's items: only the video ids and dates (contentDetails). */
  playlistItems(
    playlistId: string,
    pageToken?: string,
    signal?: AbortSignal,
  ): Promise<YtPage<YtPlaylistItem>> {
    return this.list(
      'playlistItems',
      { part: 'contentDetails', playlistId, maxResults: String(YOUTUBE_PAGE_SIZE), pageToken },
      ytPlaylistItemSchema,
      signal,
    );
  }

  /** `videos.list` for up to 50 ids: snippet, duration, statistics and live details. Unknown ids are left out. */
  async videos(ids: string[], signal?: AbortSignal): Promise<YtVideo[]> {
    if (ids.length > YOUTUBE_PAGE_SIZE)
      throw new RangeError(`videos.list takes at most ${YOUTUBE_PAGE_SIZE} ids`);
    const page = await this.list(
      'videos',
      {
        part: 'snippet,contentDetails,statistics,liveStreamingDetails',
        id: ids.join(','),
        maxResults: String(YOUTUBE_PAGE_SIZE),
      },
      ytVideoSchema,
      signal,
    );
    return page.items;
  }

  /** One page (50) of a channel's public playlists. */
  playlists(channelId: string, pageToken?: string, signal?: AbortSignal): Promise<YtPage<YtPlaylist>> {
    return this.list(
      'playlists',
      { part: 'snippet,contentDetails', channelId, maxResults: String(YOUTUBE_PAGE_SIZE), pageToken },
      ytPlaylistSchema,
      signal,
    );
  }

  private async list<T extends z.ZodType>(
    method: YtMethod,
    params: Record<string, string | undefined>,
    item: T,
    signal?: AbortSignal,
  ): Promise<YtPage<z.output<T>>> {
    const url = new URL(`${this.baseUrl}/${method}`);
    for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
    url.searchParams.set('key', this.options.apiKey);
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    this.unitsUsed += YOUTUBE_UNIT_COST[method];

    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, {
        headers: { Accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) {
        throw new YouTubeApiError(
          method,
          0,
          'timeout',
          `${method}.list did not answer within ${timeoutMs} ms`,
        );
      }
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const detail = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new YouTubeApiError(method, 0, 'network', `${method}.list failed: ${detail}`);
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const parsed = ytErrorSchema.safeParse(body);
      const reason = parsed.data?.error.errors?.[0]?.reason ?? `http${response.status}`;
      const said = stripHtml(parsed.data?.error.message ?? '') || response.statusText || 'no message';
      const location = response.headers.get('location');
      // A redirect reaches here only from a fetch that does not follow them (the connection test's).
      const message =
        response.status >= 300 && response.status < 400
          ? `${said} (redirects are not followed${location ? `; it pointed to ${location}` : ''})`
          : said;
      throw new YouTubeApiError(method, response.status, reason, message);
    }
    const parsed = listSchema(item).safeParse(body);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') || 'body';
      throw new YouTubeApiError(
        method,
        response.status,
        'invalidResponse',
        `${method}.list answered something unexpected (${body === undefined ? 'not JSON' : where})`,
      );
    }
    this.pages++;
    if (method === 'videos') this.videosFetched += parsed.data.items.length;
    return parsed.data as YtPage<z.output<T>>;
  }
}
