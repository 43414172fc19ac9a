/**
 * A fake YouTube Data API v3 on a loopback port, for tests, benchmarks and trying the sync by hand.
 *
 *   npx tsx tools/fake-youtube/server.ts --videos 5000 --playlists 100 --port 0
 *
 * It serves `channels.list`, `playlistItems.list`, `videos.list`, `playlists.list` (and `search.list`,
 * only to count it) under `/youtube/v3` with the real field shapes (snippet, contentDetails, statistics,
 * liveStreamingDetails, ISO 8601 durations, thumbnails, string counts), paging with `pageToken`, ETags and
 * `If-None-Match`, and the real error body. It keeps the quota units each method costs and can inject
 * faults: an error on the k-th call of a method, quotaExceeded, slow answers, dropped connections,
 * redirects.
 *
 * Control API (JSON) under `/__fake`: `GET stats`, `POST reset`, `POST faults` (a list, replaces),
 * `DELETE faults`, `GET channel`, `POST videos/add {count}`, `POST videos/remove {ids}`,
 * `POST videos/update {id, title?, description?, viewCount?}`, `POST playlists/add {count}`,
 * `POST playlists/remove {ids}`, `POST stream {state: upcoming|live|ended, id?, at?}` (a stream's next step),
 * `POST images/change {id}` (the owner uploads a new thumbnail, or with the channel's id a new avatar and banner),
 * `POST banner {present}` (the owner removes the channel's banner, or sets one).
 *
 * It also serves the images those answers link to, with real JPEG bytes (images.ts): `/<host>/<path>` for
 * `https://<host>/<path>` (YOUTUBE_IMAGES_BASE_URL). See docs/youtube-sync.md.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  FakeChannelContents,
  FakeChannelInfo,
  FakeImageChange,
  FakeMethod,
  FakePlaylist,
  FakePlaylistItem,
  FakeStartedLine,
  FakeStats,
  FakeStreamState,
  FakeVideo,
  FakeVideoPatch,
  Fault,
} from '@app/contracts/fake-youtube';
import { type ThumbnailSize, thumbnailUrl, YOUTUBE_UNIT_COST } from '@app/contracts/youtube';
import { parseOptions, wholeNumber } from '../lib/args';
import { closeOnSignal } from '../lib/process';
import { FAKE_EPOCH, FakeChannel, type GenerateOptions } from './channel';
import { channelFeed, FEED_PATH } from './feed';
import {
  avatarUrl,
  bannerUrl,
  type ImageRequest,
  ImageMaker,
  parseImagePath,
  THUMBNAIL_BOXES,
} from './images';

export const API_PATH = '/youtube/v3';
export const METHODS = Object.keys(YOUTUBE_UNIT_COST) as FakeMethod[];

export interface FakeYouTubeOptions extends GenerateOptions {
  port?: number;
  host?: string;
  /** Only this key is accepted; any non-empty key when omitted. */
  apiKey?: string;
  /** Delay added to every API answer, to look like a network. */
  latencyMs?: number;
  /** Daily quota: once spent, every call answers quotaExceeded. */
  quota?: number;
  faults?: Fault[];
  log?: (line: string) => void;
}

export interface RunningFakeYouTube {
  /** Base URL of the API, e.g. http://127.0.0.1:41234/youtube/v3 (YOUTUBE_API_BASE_URL). */
  url: string;
  /** Origin of the channel feed, e.g. http://127.0.0.1:41234 (YOUTUBE_FEED_BASE_URL). */
  feedBaseUrl: string;
  /** Where `https://<host>/<path>` of YouTube's image hosts is served, as `<imagesBaseUrl>/<host>/<path>`. */
  imagesBaseUrl: string;
  /** Base URL of the control API, e.g. http://127.0.0.1:41234/__fake */
  controlUrl: string;
  port: number;
  channel: FakeChannel;
  stats(): FakeStats;
  resetStats(): void;
  setFaults(faults: Fault[]): void;
  /** The owner uploads a new thumbnail (a video's id) or avatar and banner (the channel's id): same URLs, new bytes. */
  changeImage(id: string): FakeImageChange;
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly domain = 'youtube.parameter',
  ) {
    super(message);
  }
}

const QUOTA_MESSAGE =
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';

function errorBody(status: number, reason: string, message: string, domain: string) {
  return { error: { code: status, message, errors: [{ message, domain, reason }] } };
}

const emptyCounts = (): Record<FakeMethod, number> =>
  Object.fromEntries(METHODS.map((m) => [m, 0])) as Record<FakeMethod, number>;

function etagOf(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 27);
}

/** Opaque page tokens, like the real `CDIQAA`: only this server can read them. */
const encodeToken = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function decodeToken(token: string): number {
  const match = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  if (!match) throw new ApiError(400, 'invalidPageToken', 'The request specifies an invalid page token.');
  return Number(match[1]);
}

/** The key of each size in `snippet.thumbnails` (https://developers.google.com/youtube/v3/docs/thumbnails). */
const THUMBNAIL_KEYS: Record<ThumbnailSize, string> = {
  default: 'default',
  mqdefault: 'medium',
  hqdefault: 'high',
  sddefault: 'standard',
  maxresdefault: 'maxres',
};

/**
 * The thumbnail sizes YouTube has of a video, smallest first: only HD uploads have `maxres`; some videos have only
 * `default`, and some none at all. The image hosts serve exactly these (any other answers 404).
 */
export function thumbnailSizes(id: string, sizes: FakeVideo['thumbnails'] = 'all'): ThumbnailSize[] {
  if (sizes === 'none') return [];
  if (sizes === 'default') return ['default'];
  const all: ThumbnailSize[] = ['default', 'mqdefault', 'hqdefault', 'sddefault'];
  return id.charCodeAt(0) % 2 === 0 ? [...all, 'maxresdefault'] : all;
}

/** A video's `snippet.thumbnails` (https://developers.google.com/youtube/v3/docs/thumbnails): the sizes it has. */
function videoThumbnails(id: string, sizes: FakeVideo['thumbnails'] = 'all') {
  return Object.fromEntries(
    thumbnailSizes(id, sizes).map((size) => {
      const { width, height } = THUMBNAIL_BOXES[size];
      return [THUMBNAIL_KEYS[size], { url: thumbnailUrl(id, size), width, height }];
    }),
  );
}

/** The snippet fields a video has in both playlistItems.list and videos.list. */
function snippetOf(video: FakeVideo, info: FakeChannelInfo) {
  return {
    publishedAt: video.publishedAt,
    channelId: info.id,
    title: video.title,
    description: video.description,
    thumbnails: videoThumbnails(video.id, video.thumbnails),
    channelTitle: info.title,
  };
}

/**
 * What `playlistItems.list` shows in place of a video made private or deleted: its id, the fixed title and
 * description, no thumbnails, no `videoOwnerChannelId` / `videoOwnerChannelTitle` and no `videoPublishedAt`
 * (https://developers.google.com/youtube/v3/docs/playlistItems#snippet.videoOwnerChannelId: "not present if the
 * video is private or deleted"; titles and `privacyStatus` as recorded answers carry them, e.g. the
 * `privacyStatusUnspecified` of a deleted item).
 */
const UNAVAILABLE = {
  private: { title: 'Private video', description: 'This video is private.', privacyStatus: 'private' },
  deleted: {
    title: 'Deleted video',
    description: 'This video is unavailable.',
    privacyStatus: 'privacyStatusUnspecified',
  },
} as const;

const NO_THUMBNAIL = {
  default: { url: 'https://i.ytimg.com/img/no_thumbnail.jpg', width: 120, height: 90 },
  medium: { url: 'https://i.ytimg.com/img/no_thumbnail.jpg', width: 320, height: 180 },
  high: { url: 'https://i.ytimg.com/img/no_thumbnail.jpg', width: 480, height: 360 },
};

function parts(query: URLSearchParams, allowed: readonly string[]): Set<string> {
  const raw = query.get('part');
  if (!raw) throw new ApiError(400, 'required', 'No filter selected. Expected one of: part', 'global');
  const list = raw.split(',').map((p) => p.trim());
  for (const part of list) {
    if (!allowed.includes(part)) {
      throw new ApiError(400, 'unknownPart', `'${part}'`);
    }
  }
  return new Set(list);
}

function pageSize(query: URLSearchParams, fallback = 5): number {
  const raw = query.get('maxResults');
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 50) {
    throw new ApiError(
      400,
      'invalidValue',
      `Invalid value '${raw}'. Values must be within the range: [0, 50]`,
      'global',
    );
  }
  return n;
}

function page<T>(
  items: T[],
  query: URLSearchParams,
  kind: string,
  render: (item: T, position: number) => object,
) {
  const size = pageSize(query);
  const token = query.get('pageToken');
  const offset = token ? decodeToken(token) : 0;
  const slice = items.slice(offset, offset + size);
  const body: Record<string, unknown> = { kind };
  if (offset + size < items.length) body.nextPageToken = encodeToken(offset + size);
  if (offset > 0) body.prevPageToken = encodeToken(Math.max(0, offset - size));
  body.pageInfo = { totalResults: items.length, resultsPerPage: size };
  body.items = slice.map((item, i) => render(item, offset + i));
  return body;
}

function withEtag<T extends object>(resource: T): T & { etag: string } {
  return { ...resource, etag: etagOf(resource) };
}

export class FakeYouTube {
  readonly channel: FakeChannel;
  private counts = emptyCounts();
  private units = emptyCounts();
  private notModified = 0;
  private faultsFired = 0;
  private feedRequests = 0;
  private imageRequests = 0;
  private imagesNotModified = 0;
  private faults: (Fault & { fired: number })[] = [];
  private readonly images = new ImageMaker();
  /** The owner's image changes, per video or channel id: how many, and when the last one was. */
  private readonly imageVersions = new Map<string, { version: number; at: number }>();

  constructor(private readonly options: FakeYouTubeOptions) {
    this.channel = new FakeChannel(options);
    this.setFaults(options.faults ?? []);
  }

  stats(): FakeStats {
    const unitsTotal = Object.values(this.units).reduce((a, b) => a + b, 0);
    return {
      units: unitsTotal,
      unitsByMethod: { ...this.units },
      calls: { ...this.counts },
      notModified: this.notModified,
      faultsFired: this.faultsFired,
      feedRequests: this.feedRequests,
      imageRequests: this.imageRequests,
      imagesNotModified: this.imagesNotModified,
    };
  }

  resetStats(): void {
    this.counts = emptyCounts();
    this.units = emptyCounts();
    this.notModified = 0;
    this.faultsFired = 0;
    this.feedRequests = 0;
    this.imageRequests = 0;
    this.imagesNotModified = 0;
    for (const fault of this.faults) fault.fired = 0;
  }

  setFaults(faults: Fault[]): void {
    for (const fault of faults) {
      if (fault.method !== '*' && !METHODS.includes(fault.method)) {
        throw new Error(`fault.method must be one of ${METHODS.join(', ')} or *`);
      }
      if (!['error', 'quota', 'slow', 'drop', 'malformed', 'redirect'].includes(fault.type)) {
        throw new Error('fault.type must be error, quota, slow, drop, malformed or redirect');
      }
      if (fault.type === 'redirect' && typeof fault.location !== 'string') {
        throw new Error('a redirect fault needs a location');
      }
    }
    this.faults = faults.map((fault) => ({ ...fault, fired: 0 }));
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname.startsWith('/__fake/')) return this.control(req, res, url.pathname.slice(8));
    if (req.method === 'GET' && url.pathname === FEED_PATH) return this.feed(res, url.searchParams);
    const image = req.method === 'GET' || req.method === 'HEAD' ? parseImagePath(url.pathname) : undefined;
    if (image && image.kind !== 'none') return this.image(req, res, image);
    const method = url.pathname.startsWith(`${API_PATH}/`)
      ? (url.pathname.slice(API_PATH.length + 1) as FakeMethod)
      : undefined;
    if (req.method !== 'GET' || !method || !METHODS.includes(method)) {
      return send(res, 404, errorBody(404, 'notFound', 'Not Found', 'global'));
    }
    if (this.options.latencyMs) await sleep(this.options.latencyMs);
    try {
      this.checkKey(url.searchParams);
      const call = ++this.counts[method];
      const fault = this.takeFault(method, call);
      if (fault?.type === 'quota' || this.overQuota(method)) {
        return send(res, 403, errorBody(403, 'quotaExceeded', QUOTA_MESSAGE, 'youtube.quota'));
      }
      this.units[method] += YOUTUBE_UNIT_COST[method];
      if (fault?.type === 'slow') await sleep(fault.delayMs ?? 1000);
      if (fault?.type === 'drop') {
        req.socket.destroy();
        return;
      }
      if (fault?.type === 'redirect') {
        res.writeHead(fault.status ?? 302, { Location: fault.location ?? '/' });
        res.end();
        return;
      }
      if (fault?.type === 'malformed') {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
        res.end('{"kind": "youtube#');
        return;
      }
      if (fault?.type === 'error') {
        const status = fault.status ?? 500;
        throw new ApiError(
          status,
          fault.reason ?? (status >= 500 ? 'backendError' : 'badRequest'),
          status >= 500 ? 'Backend Error' : 'Bad Request',
          'global',
        );
      }
      const body = withEtag(this.answer(method, url.searchParams));
      const etag = `"${body.etag}"`;
      if (req.headers['if-none-match'] === etag) {
        this.notModified++;
        res.writeHead(304, { ETag: etag });
        res.end();
        return;
      }
      send(res, 200, body, { ETag: etag });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      send(res, error.status, errorBody(error.status, error.reason, error.message, error.domain));
    }
  }

  /** The channel's public feed (feed.ts): no key, no quota; 404 for another channel, as YouTube answers. */
  private feed(res: ServerResponse, query: URLSearchParams): void {
    this.feedRequests++;
    const xml = channelFeed(this.channel, query.get('channel_id'));
    res.writeHead(xml === null ? 404 : 200, {
      'Content-Type': xml === null ? 'text/html; charset=utf-8' : 'text/xml; charset=UTF-8',
    });
    res.end(xml ?? '<html><body>Error 404 (Not Found)</body></html>');
  }

  /**
   * An image of YouTube's image hosts (images.ts): a thumbnail of a video the channel (or one of its playlists)
   * has, at a size it has, or the channel's avatar or banner; anything else (a deleted or unknown video, a size
   * the video lacks) is YouTube's 404 with the grey 120×90 JPEG. Validators answer 304 as a CDN does.
   */
  private async image(req: IncomingMessage, res: ServerResponse, asked: ImageRequest): Promise<void> {
    // No added latency: it stands for the Data API's round trips, which the sync's timing is about.
    this.imageRequests++;
    const request = this.existing(asked);
    const { version, at } = this.imageVersion(request);
    const found = request.kind !== 'grey' || request.found;
    const headers: Record<string, string> = {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'public, max-age=7200',
    };
    if (found) {
      headers.ETag = ImageMaker.etag(request, version);
      headers['Last-Modified'] = new Date(at).toUTCString();
      const ifNoneMatch = req.headers['if-none-match'];
      const ifModifiedSince = Date.parse(req.headers['if-modified-since'] ?? '');
      const fresh =
        ifNoneMatch !== undefined
          ? ifNoneMatch.split(',').some((tag) => tag.trim() === headers.ETag)
          : ifModifiedSince >= Math.floor(at / 1000) * 1000;
      if (fresh) {
        this.imagesNotModified++;
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    const body = await this.images.bytesOf(request, version);
    res.writeHead(found ? 200 : 404, { ...headers, 'Content-Length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * The request itself when the fake has that image, else YouTube's grey image: a 404 for what is missing, a 200
   * for every size of an upload still processing (its pictures are not made yet).
   */
  private existing(request: ImageRequest): ImageRequest {
    const missing: ImageRequest = { kind: 'grey', found: false };
    switch (request.kind) {
      case 'thumbnail': {
        const video = this.findVideo(request.videoId);
        if (!video || !thumbnailSizes(video.id, video.thumbnails).includes(request.size)) return missing;
        return video.uploadStatus === 'uploaded' ? { kind: 'grey', found: true } : request;
      }
      case 'avatar':
        return request.channelId === this.channel.info.id ? request : missing;
      case 'banner':
        return request.channelId === this.channel.info.id && this.channel.info.banner ? request : missing;
      default:
        return request;
    }
  }

  private imageVersion(request: ImageRequest): { version: number; at: number } {
    const id =
      request.kind === 'thumbnail'
        ? request.videoId
        : request.kind === 'avatar' || request.kind === 'banner'
          ? request.channelId
          : '';
    return this.imageVersions.get(id) ?? { version: 0, at: FAKE_EPOCH };
  }

  /** The owner uploads a new thumbnail for a video (or, by the channel's id, a new avatar and banner). */
  changeImage(id: string): FakeImageChange {
    if (id !== this.channel.info.id && !this.findVideo(id)) throw new Error(`no video or channel ${id}`);
    const last = this.imageVersions.get(id) ?? { version: 0, at: FAKE_EPOCH };
    // Last-Modified has whole seconds: a change is at least one second later than the one before.
    const at = Math.max(Date.now(), last.at + 1000);
    this.imageVersions.set(id, { version: last.version + 1, at });
    return { id, version: last.version + 1 };
  }

  /** A public video the channel has: an upload, or another channel's video one of its playlists holds. */
  private findVideo(id: string): FakeVideo | undefined {
    const upload = this.channel.videos.find((v) => v.id === id);
    if (upload) return upload;
    for (const playlist of this.channel.playlists) {
      const entry = playlist.items.find((e) => e.videoId === id && e.status === 'public' && e.video);
      if (entry) return entry.video;
    }
    return undefined;
  }

  private checkKey(query: URLSearchParams): void {
    const key = query.get('key');
    if (!key) {
      throw new ApiError(
        403,
        'forbidden',
        'Method doesn\u2019t allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.',
        'global',
      );
    }
    if (this.options.apiKey && key !== this.options.apiKey) {
      throw new ApiError(400, 'badRequest', 'API key not valid. Please pass a valid API key.', 'global');
    }
  }

  private takeFault(method: FakeMethod, call: number): Fault | undefined {
    const fault = this.faults.find(
      (f) =>
        (f.method === '*' || f.method === method) &&
        (f.page === undefined || f.page === call) &&
        (f.times === undefined || f.fired < f.times),
    );
    if (fault) {
      fault.fired++;
      this.faultsFired++;
    }
    return fault;
  }

  private overQuota(method: FakeMethod): boolean {
    const spent = Object.values(this.units).reduce((a, b) => a + b, 0);
    return this.options.quota !== undefined && spent + YOUTUBE_UNIT_COST[method] > this.options.quota;
  }

  private answer(method: FakeMethod, query: URLSearchParams): object {
    switch (method) {
      case 'channels':
        return this.channels(query);
      case 'playlistItems':
        return this.playlistItems(query);
      case 'videos':
        return this.videos(query);
      case 'playlists':
        return this.playlistsList(query);
      case 'search':
        return {
          kind: 'youtube#searchListResponse',
          pageInfo: { totalResults: 0, resultsPerPage: 5 },
          items: [],
        };
    }
  }

  private channels(query: URLSearchParams): object {
    const wanted = parts(query, ['snippet', 'contentDetails', 'statistics', 'id', 'brandingSettings']);
    const info = this.channel.info;
    const ids = query.get('id')?.split(',');
    const handle = query.get('forHandle');
    const matches =
      (ids && ids.includes(info.id)) ||
      (handle && handle.replace(/^@?/, '@').toLowerCase() === info.handle.toLowerCase());
    const body: Record<string, unknown> = {
      kind: 'youtube#channelListResponse',
      pageInfo: { totalResults: matches ? 1 : 0, resultsPerPage: 5 },
    };
    if (!ids && !handle && !query.get('forUsername')) {
      throw new ApiError(
        400,
        'missingRequiredParameter',
        'No filter selected. Expected one of: mine, forUsername, forHandle, id, categoryId, mySubscribers, managedByMe',
      );
    }
    // Like the real API: no match means no `items` at all.
    if (!matches) return body;
    const thumb = (size: number) => ({ url: avatarUrl(info.id, size), width: size, height: size });
    const resource: Record<string, unknown> = { kind: 'youtube#channel', id: info.id };
    if (wanted.has('snippet')) {
      resource.snippet = {
        title: info.title,
        description: info.description,
        customUrl: info.handle,
        publishedAt: info.publishedAt,
        thumbnails: { default: thumb(88), medium: thumb(240), high: thumb(800) },
        localized: { title: info.title, description: info.description },
        country: 'DE',
      };
    }
    if (wanted.has('contentDetails')) {
      resource.contentDetails = { relatedPlaylists: { likes: '', uploads: info.uploadsPlaylistId } };
    }
    // https://developers.google.com/youtube/v3/docs/channels#brandingSettings.image.bannerExternalUrl
    // A channel without a banner has no `image` there.
    if (wanted.has('brandingSettings')) {
      resource.brandingSettings = {
        channel: { title: info.title, description: info.description, country: 'DE' },
        ...(info.banner ? { image: { bannerExternalUrl: bannerUrl(info.id) } } : {}),
      };
    }
    if (wanted.has('statistics')) {
      // https://developers.google.com/youtube/v3/docs/channels#statistics: a hidden count is left out.
      resource.statistics = {
        viewCount: String(this.channel.totalViews),
        ...(info.subscriberCount === null ? {} : { subscriberCount: String(info.subscriberCount) }),
        hiddenSubscriberCount: info.subscriberCount === null,
        videoCount: String(this.channel.videos.length),
      };
    }
    body.items = [withEtag(resource)];
    return body;
  }

  private playlistItems(query: URLSearchParams): object {
    const wanted = parts(query, ['snippet', 'contentDetails', 'status', 'id']);
    const playlistId = query.get('playlistId');
    if (!playlistId) {
      throw new ApiError(
        400,
        'missingRequiredParameter',
        'No filter selected. Expected one of: playlistId, id',
      );
    }
    const info = this.channel.info;
    let items: FakePlaylistItem[];
    if (playlistId === info.uploadsPlaylistId) {
      // The uploads playlist lists the channel's public uploads only.
      items = this.channel.videos.map((video) => ({ videoId: video.id, status: 'public', video }));
    } else {
      const playlist = this.channel.playlists.find((p) => p.id === playlistId);
      if (!playlist) {
        throw new ApiError(
          404,
          'playlistNotFound',
          'The playlist identified with the request\u2019s <code>playlistId</code> parameter cannot be found.',
          'youtube.playlistItem',
        );
      }
      const byId = new Map(this.channel.videos.map((v) => [v.id, v]));
      items = playlist.items.map((entry) => ({ ...entry, video: entry.video ?? byId.get(entry.videoId) }));
    }
    return page(items, query, 'youtube#playlistItemListResponse', (entry, position) => {
      const item: Record<string, unknown> = {
        kind: 'youtube#playlistItem',
        // Unique per position: a playlist may hold the same video twice.
        id: Buffer.from(`${playlistId}.${position}.${entry.videoId}`).toString('base64url').slice(0, 64),
      };
      const video = entry.status === 'public' ? entry.video : undefined;
      const unavailable = entry.status === 'public' ? undefined : UNAVAILABLE[entry.status];
      if (wanted.has('snippet')) {
        const owner = entry.owner ?? { channelId: info.id, channelTitle: info.title };
        item.snippet = {
          ...(video
            ? snippetOf(video, info)
            : {
                publishedAt: new Date(FAKE_EPOCH).toISOString(),
                channelId: info.id,
                title: unavailable?.title ?? '',
                description: unavailable?.description ?? '',
                thumbnails: {},
                channelTitle: info.title,
              }),
          playlistId,
          position,
          resourceId: { kind: 'youtube#video', videoId: entry.videoId },
          ...(video
            ? { videoOwnerChannelTitle: owner.channelTitle, videoOwnerChannelId: owner.channelId }
            : {}),
        };
      }
      if (wanted.has('contentDetails')) {
        item.contentDetails = {
          videoId: entry.videoId,
          ...(video ? { videoPublishedAt: video.publishedAt } : {}),
        };
      }
      if (wanted.has('status')) item.status = { privacyStatus: unavailable?.privacyStatus ?? 'public' };
      return withEtag(item);
    });
  }

  private videos(query: URLSearchParams): object {
    const wanted = parts(query, [
      'snippet',
      'contentDetails',
      'statistics',
      'liveStreamingDetails',
      'status',
      'id',
    ]);
    const ids = (query.get('id') ?? '').split(',').filter(Boolean);
    if (!ids.length) {
      throw new ApiError(
        400,
        'missingRequiredParameter',
        'No filter selected. Expected one of: id, myRating, chart',
      );
    }
    if (ids.length > 50) {
      throw new ApiError(400, 'invalidValue', 'The request specifies more than 50 video ids.', 'global');
    }
    // The channel's uploads and the other channels' videos its playlists hold; private and deleted ones are
    // simply left out of the answer, as YouTube does for an API key.
    const byId = new Map(this.channel.videos.map((v) => [v.id, v]));
    for (const playlist of this.channel.playlists) {
      for (const entry of playlist.items)
        if (entry.video && entry.status === 'public') byId.set(entry.videoId, entry.video);
    }
    const info = this.channel.info;
    const items = ids
      .map((id) => byId.get(id))
      .filter((v): v is FakeVideo => Boolean(v))
      .map((video) => {
        const item: Record<string, unknown> = { kind: 'youtube#video', id: video.id };
        if (wanted.has('snippet')) {
          item.snippet = {
            ...snippetOf(video, info),
            tags: video.tags,
            categoryId: '28',
            liveBroadcastContent: video.liveBroadcastContent,
            defaultAudioLanguage: 'en',
            localized: { title: video.title, description: video.description },
          };
        }
        if (wanted.has('contentDetails')) {
          item.contentDetails = {
            duration: video.duration,
            dimension: '2d',
            definition: 'hd',
            caption: 'false',
            licensedContent: true,
            contentRating: {},
            projection: 'rectangular',
          };
        }
        // https://developers.google.com/youtube/v3/docs/videos#statistics: counts are strings (uint64); a count
        // the owner hides or turned off is left out, and some videos answer without the part at all.
        if (wanted.has('statistics') && !video.statisticsWithheld) {
          const upcoming = video.liveBroadcastContent === 'upcoming';
          item.statistics = {
            viewCount: String(video.viewCount),
            ...(upcoming || video.likeCount === undefined ? {} : { likeCount: String(video.likeCount) }),
            favoriteCount: '0',
            ...(video.commentCount === undefined ? {} : { commentCount: String(video.commentCount) }),
          };
        }
        if (wanted.has('liveStreamingDetails') && video.liveStreamingDetails) {
          item.liveStreamingDetails = video.liveStreamingDetails;
        }
        if (wanted.has('status')) {
          item.status = { uploadStatus: video.uploadStatus, privacyStatus: 'public', embeddable: true };
        }
        return withEtag(item);
      });
    return {
      kind: 'youtube#videoListResponse',
      items,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    };
  }

  private playlistsList(query: URLSearchParams): object {
    const wanted = parts(query, ['snippet', 'contentDetails', 'status', 'id', 'player']);
    const channelId = query.get('channelId');
    const ids = query.get('id')?.split(',');
    if (!channelId && !ids) {
      throw new ApiError(
        400,
        'missingRequiredParameter',
        'No filter selected. Expected one of: channelId, id, mine',
      );
    }
    const info = this.channel.info;
    const playlists = ids
      ? this.channel.playlists.filter((p) => ids.includes(p.id))
      : channelId === info.id
        ? this.channel.playlists
        : [];
    const byId = new Map(this.channel.videos.map((v) => [v.id, v]));
    return page(playlists, query, 'youtube#playlistListResponse', (playlist: FakePlaylist) => {
      const item: Record<string, unknown> = { kind: 'youtube#playlist', id: playlist.id };
      const first = playlist.items.map((entry) => byId.get(entry.videoId)).find(Boolean);
      if (wanted.has('snippet')) {
        item.snippet = {
          publishedAt: playlist.publishedAt,
          channelId: info.id,
          title: playlist.title,
          description: playlist.description,
          thumbnails: first ? videoThumbnails(first.id, first.thumbnails) : NO_THUMBNAIL,
          channelTitle: info.title,
          localized: { title: playlist.title, description: playlist.description },
        };
      }
      // Private and deleted items count too.
      if (wanted.has('contentDetails')) item.contentDetails = { itemCount: playlist.items.length };
      if (wanted.has('status')) item.status = { privacyStatus: 'public' };
      return withEtag(item);
    });
  }

  private async control(req: IncomingMessage, res: ServerResponse, action: string): Promise<void> {
    const body = req.method === 'POST' ? await readJson(req) : {};
    const ids = () => (Array.isArray(body.ids) ? body.ids.map(String) : []);
    const count = () => Math.max(0, Math.min(10_000, Number(body.count ?? 1) || 0));
    try {
      switch (`${req.method} ${action}`) {
        case 'GET stats':
          return send(res, 200, this.stats());
        case 'POST reset':
          this.resetStats();
          this.setFaults([]);
          return send(res, 200, this.stats());
        case 'POST faults':
          this.setFaults(Array.isArray(body) ? (body as Fault[]) : ((body.faults as Fault[]) ?? []));
          return send(res, 200, { faults: this.faults.length });
        case 'DELETE faults':
          this.setFaults([]);
          return send(res, 200, { faults: 0 });
        case 'GET channel':
          return send(res, 200, {
            ...this.channel.info,
            videoIds: this.channel.videos.map((v) => v.id),
            playlistIds: this.channel.playlists.map((p) => p.id),
          } satisfies FakeChannelContents);
        case 'POST videos/add':
          return send(res, 200, { videos: this.channel.addVideos(count()) });
        case 'POST videos/remove':
          return send(res, 200, { removed: this.channel.removeVideos(ids()) });
        case 'POST videos/update': {
          const patch: FakeVideoPatch = {};
          if (typeof body.title === 'string') patch.title = body.title;
          if (typeof body.description === 'string') patch.description = body.description;
          if (typeof body.viewCount === 'number') patch.viewCount = body.viewCount;
          const ok = this.channel.updateVideo(String(body.id), patch);
          return send(res, ok ? 200 : 404, { updated: ok });
        }
        case 'POST stream': {
          const state = body.state as FakeStreamState;
          if (!['upcoming', 'live', 'ended'].includes(state)) {
            throw new Error('state must be upcoming, live or ended');
          }
          const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
          const video = this.channel.moveStream(state, {
            id: str(body.id),
            at: str(body.at),
            scheduledStartTime: str(body.scheduledStartTime),
          });
          return send(res, 200, video);
        }
        case 'POST images/change':
          return send(res, 200, this.changeImage(String(body.id)));
        case 'POST banner':
          this.channel.info.banner = body.present !== false;
          return send(res, 200, { banner: this.channel.info.banner });
        case 'POST playlists/add':
          return send(res, 200, { playlists: this.channel.addPlaylists(count()) });
        case 'POST playlists/remove':
          return send(res, 200, { removed: this.channel.removePlaylists(ids()) });
        default:
          return send(res, 404, { error: `unknown control call ${req.method} /__fake/${action}` });
      }
    } catch (error) {
      send(res, 400, { error: (error as Error).message });
    }
  }
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a fake on a loopback port (0: a free one). */
export async function startFakeYouTube(options: FakeYouTubeOptions): Promise<RunningFakeYouTube> {
  const fake = new FakeYouTube(options);
  const server: Server = createServer((req, res) => {
    fake.handle(req, res).catch((error: Error) => {
      options.log?.(`fake-youtube: ${error.stack ?? error.message}`);
      if (!res.headersSent) send(res, 500, errorBody(500, 'backendError', 'Backend Error', 'global'));
      else res.destroy();
    });
  });
  if (options.log) {
    const log = options.log;
    server.on('request', (req: IncomingMessage) =>
      log(`${req.method} ${req.url?.replace(/key=[^&]*/, 'key=…')}`),
    );
  }
  server.keepAliveTimeout = 5000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    url: `${origin}${API_PATH}`,
    feedBaseUrl: origin,
    imagesBaseUrl: origin,
    controlUrl: `${origin}/__fake`,
    port,
    channel: fake.channel,
    stats: () => fake.stats(),
    resetStats: () => fake.resetStats(),
    setFaults: (faults) => fake.setFaults(faults),
    changeImage: (id) => fake.changeImage(id),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const USAGE = `Usage: tsx tools/fake-youtube/server.ts [options]

  --videos N        uploads of the generated channel (default 120)
  --playlists M     playlists of the channel (default 5)
  --seed S          generator seed (default 1)
  --port P          port on 127.0.0.1, 0 for a free one (default 0)
  --api-key K       accept only this key (default: any non-empty key)
  --latency MS      delay every answer by MS milliseconds
  --quota UNITS     daily quota; calls beyond it answer quotaExceeded
  --fault JSON      a fault to inject, e.g. '{"method":"videos","page":3,"type":"error"}' (repeatable)
  --json            print one JSON line {url, controlUrl, channelId, handle, ...} instead of text
  --verbose         log every request`;

export function parseArgs(argv: string[]): FakeYouTubeOptions & { json: boolean; verbose: boolean } {
  const values = parseOptions(
    argv,
    {
      videos: { type: 'string' },
      playlists: { type: 'string' },
      seed: { type: 'string' },
      port: { type: 'string' },
      latency: { type: 'string' },
      quota: { type: 'string' },
      'api-key': { type: 'string' },
      fault: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    USAGE,
  );
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    videos: wholeNumber('videos', values.videos) ?? 120,
    playlists: wholeNumber('playlists', values.playlists) ?? 5,
    seed: wholeNumber('seed', values.seed),
    port: wholeNumber('port', values.port) ?? 0,
    latencyMs: wholeNumber('latency', values.latency),
    quota: wholeNumber('quota', values.quota),
    apiKey: values['api-key'],
    faults: (values.fault ?? []).map((json) => JSON.parse(json) as Fault),
    json: values.json,
    verbose: values.verbose,
  };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const fake = await startFakeYouTube({
    ...options,
    log: options.verbose ? (l) => console.log(l) : undefined,
  });
  const info = fake.channel.info;
  if (options.json) {
    console.log(
      JSON.stringify({
        url: fake.url,
        feedBaseUrl: fake.feedBaseUrl,
        imagesBaseUrl: fake.imagesBaseUrl,
        controlUrl: fake.controlUrl,
        port: fake.port,
        channelId: info.id,
        handle: info.handle,
        uploadsPlaylistId: info.uploadsPlaylistId,
        videos: fake.channel.videos.length,
        playlists: fake.channel.playlists.length,
      } satisfies FakeStartedLine),
    );
  } else {
    console.log(
      [
        `Fake YouTube Data API: ${fake.channel.videos.length} videos, ${fake.channel.playlists.length} playlists`,
        `  YOUTUBE_API_BASE_URL=${fake.url}`,
        `  YOUTUBE_FEED_BASE_URL=${fake.feedBaseUrl}   (feed mode, without a key)`,
        `  YOUTUBE_IMAGES_BASE_URL=${fake.imagesBaseUrl}   (thumbnails, avatar and banner)`,
        `  YOUTUBE_CHANNEL_ID=${info.id}   (or ${info.handle})`,
        `  YOUTUBE_API_KEY=${options.apiKey ?? 'any-non-empty-key'}`,
        `  stats: curl ${fake.controlUrl}/stats`,
        'Ctrl-C stops it.',
      ].join('\n'),
    );
  }
  closeOnSignal(fake);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
