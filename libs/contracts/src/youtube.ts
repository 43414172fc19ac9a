/**
 * The rules of YouTube itself that the API, the web app and the tools all follow: its addresses,
 * the shape of a channel id, and what each Data API call costs. Free of zod so the public page can
 * import it alone (`@app/contracts/youtube`). Nothing here contacts YouTube.
 */

const YOUTUBE_ORIGIN = 'https://www.youtube.com';

/** Where YouTube serves the channels' public Atom feeds (`feedUrl`); tests point the API at a fake. */
export const YOUTUBE_FEED_ORIGIN = YOUTUBE_ORIGIN;

/**
 * A channel's public Atom feed (issue 24): its newest 15 uploads, no key, no quota. `origin` is
 * YOUTUBE_FEED_ORIGIN unless a test points elsewhere.
 */
export function feedUrl(channelId: string, origin: string = YOUTUBE_FEED_ORIGIN): string {
  return `${origin.replace(/\/+$/, '')}/feeds/videos.xml?channel_id=${encodeURIComponent(channelId)}`;
}

/** The XML namespaces of YouTube's channel feed (Atom, with YouTube's and Media RSS's elements). */
export const FEED_NAMESPACES = {
  atom: 'http://www.w3.org/2005/Atom',
  yt: 'http://www.youtube.com/xml/schemas/2015',
  media: 'http://search.yahoo.com/mrss/',
} as const;

/**
 * A video's duration text when its source does not give one (the channel feed, issue 24): unknown, never a
 * guessed `0:00`. The pages show "Length unknown" (the catalogues' `video.durationUnknown`, in the site's
 * language) in its place, or nothing on a thumbnail.
 */
export const UNKNOWN_DURATION = '';

/** How many entries YouTube's channel feed holds: the newest uploads only. */
export const FEED_ENTRY_COUNT = 15;

/** A Short's page on YouTube: the feed links Shorts here rather than to `/watch`. */
export function shortsUrl(videoId: string): string {
  return `${YOUTUBE_ORIGIN}/shorts/${encodeURIComponent(videoId)}`;
}

/** A video's page on YouTube. */
export function watchUrl(videoId: string): string {
  return `${YOUTUBE_ORIGIN}/watch?v=${encodeURIComponent(videoId)}`;
}

/** A channel's page on YouTube, by its `UC…` id. */
export function channelUrl(channelId: string): string {
  return `${YOUTUBE_ORIGIN}/channel/${encodeURIComponent(channelId)}`;
}

/** A channel's page on YouTube by its handle (`@name`, with or without the `@`). */
export function handleUrl(handle: string): string {
  return `${YOUTUBE_ORIGIN}/${handle.replace(/^@?/, '@')}`;
}

/** YouTube's search for channels (the `sp` filter) named `query`. */
export function channelSearchUrl(query: string): string {
  return `${YOUTUBE_ORIGIN}/results?search_query=${encodeURIComponent(query)}&sp=EgIQAg%3D%3D`;
}

/** A playlist's page on YouTube. */
export function playlistUrl(playlistId: string): string {
  return `${YOUTUBE_ORIGIN}/playlist?list=${encodeURIComponent(playlistId)}`;
}

/** The privacy-enhanced player of a video (no cookies until it plays). */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export function embedUrl(videoId: string): string {
  return `${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}`;
}

/** The sizes of thumbnail YouTube keeps for every video; `hqdefault` (480×360) always exists. */
export type ThumbnailSize = 'default' | 'mqdefault' | 'hqdefault' | 'sddefault' | 'maxresdefault';

export function thumbnailUrl(videoId: string, size: ThumbnailSize = 'hqdefault'): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/${size}.jpg`;
}

/**
 * The sizes a YouTube thumbnail steps down through when one is missing, largest first (issue 23): many videos
 * have no `maxresdefault` or `sddefault`. After the last, a placeholder of the same box shows.
 */
export const THUMBNAIL_FALLBACK_SIZES = ['maxresdefault', 'sddefault', 'hqdefault', 'mqdefault'] as const;

/** The width of the grey image YouTube may answer (with a 200 or a 404) for a size a video lacks. */
export const MISSING_THUMBNAIL_WIDTH = 120;

const THUMBNAIL_URL = /^https:\/\/i\.ytimg\.com\/vi\/([^/?#]+)\/(\w+)\.jpg$/;

/** The size of a thumbnail URL of YouTube's (`thumbnailUrl`), or undefined for any other image. */
export function youTubeThumbnailSize(url: string): ThumbnailSize | undefined {
  const size = THUMBNAIL_URL.exec(url)?.[2];
  const sizes: readonly string[] = [...THUMBNAIL_FALLBACK_SIZES, 'default'];
  return size && sizes.includes(size) ? (size as ThumbnailSize) : undefined;
}

/**
 * The images to try for a thumbnail, in order: the URL itself, then for one of YouTube's the smaller sizes of
 * `THUMBNAIL_FALLBACK_SIZES`. Any other URL (an owner's own image) has no smaller size to try.
 */
export function thumbnailFallbacks(url: string): string[] {
  const match = THUMBNAIL_URL.exec(url);
  const at = match ? (THUMBNAIL_FALLBACK_SIZES as readonly string[]).indexOf(match[2]) : -1;
  if (!match || at < 0) return [url];
  const videoId = decodeURIComponent(match[1]);
  return [url, ...THUMBNAIL_FALLBACK_SIZES.slice(at + 1).map((size) => thumbnailUrl(videoId, size))];
}

/**
 * A video id as the site takes it, unanchored (for building patterns such as a watch page's path): YouTube's are
 * 11 letters, digits, `-` and `_`; up to 32 leaves room without letting a path grow unbounded.
 */
export const VIDEO_ID_SOURCE = '[\\w-]{1,32}';
/** A whole video id (`VIDEO_ID_SOURCE`, anchored). */
export const VIDEO_ID_PATTERN = new RegExp(`^${VIDEO_ID_SOURCE}$`);

/** A channel id as YouTube gives it: `UC` and 22 more characters. */
export const CHANNEL_ID_PATTERN = /^UC[\w-]{22}$/;
/** A channel handle: `@` and 3 to 30 letters, digits, `_`, `.` or `-`. */
export const CHANNEL_HANDLE_PATTERN = /^@[\w.-]{3,30}$/;

/** A channel as the sync takes it: a `UC…` id or an `@handle`. */
export function isChannelRef(value: string): boolean {
  return CHANNEL_ID_PATTERN.test(value) || CHANNEL_HANDLE_PATTERN.test(value);
}

/** A channel named by its id or by its handle (`@name`). */
export type ChannelRef = { id: string } | { handle: string };

const CHANNEL_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);

/**
 * A channel as an admin pastes it (issue 24): a `UC…` id, an `@handle`, or a channel URL
 * (`youtube.com/channel/UC…` or `youtube.com/@handle`, with or without `https://`, any path after it).
 * Null when it is none of these. Nothing here asks YouTube whether the channel exists.
 */
export function parseChannelInput(input: string): ChannelRef | null {
  const value = input.trim();
  if (CHANNEL_ID_PATTERN.test(value)) return { id: value };
  if (CHANNEL_HANDLE_PATTERN.test(value)) return { handle: value };
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (!CHANNEL_HOSTS.has(url.hostname.toLowerCase())) return null;
  const [first, second] = url.pathname.split('/').filter(Boolean);
  let segment: string;
  try {
    segment = decodeURIComponent(first ?? '');
  } catch {
    return null;
  }
  if (segment === 'channel' && second && CHANNEL_ID_PATTERN.test(second)) return { id: second };
  if (CHANNEL_HANDLE_PATTERN.test(segment)) return { handle: segment };
  return null;
}

/** What a channel field accepts, for its error message and its hint. */
export const CHANNEL_INPUT_HINT =
  'a channel URL (youtube.com/@name or youtube.com/channel/UC…), an @handle or a UC… channel id';

/**
 * Quota units one call of each Data API method costs
 * (https://developers.google.com/youtube/v3/determine_quota_cost). The sync never calls `search`.
 */
export const YOUTUBE_UNIT_COST = {
  channels: 1,
  playlistItems: 1,
  videos: 1,
  playlists: 1,
  search: 100,
} as const;
export type YouTubeMethod = keyof typeof YOUTUBE_UNIT_COST;

/** Most items a list call returns, and most ids `videos.list` takes. */
export const YOUTUBE_PAGE_SIZE = 50;

/**
 * Quota units of a full sync: `channels.list`, then per page of 50 uploads one
 * `playlistItems.list` and one `videos.list`, and the playlists 50 a page (at least one call); then
 * each playlist's items (a watch page lists the playlists holding its video), 50 a page (`playlistSizes`: the item count of each; an empty one costs nothing).
 */
export function fullSyncUnits(
  videos: number,
  playlists: number,
  playlistSizes: readonly number[] = [],
): number {
  const pages = (count: number) => Math.ceil(count / YOUTUBE_PAGE_SIZE);
  return (
    YOUTUBE_UNIT_COST.channels +
    (YOUTUBE_UNIT_COST.playlistItems + YOUTUBE_UNIT_COST.videos) * pages(videos) +
    YOUTUBE_UNIT_COST.playlists * Math.max(1, pages(playlists)) +
    YOUTUBE_UNIT_COST.playlistItems * playlistSizes.reduce((sum, size) => sum + pages(size), 0)
  );
}

/**
 * Quota units of one light live check (issue 17): the newest page of the uploads (`playlistItems.list`) and
 * `videos.list` for those ids. Never `search.list`.
 */
export const LIVE_CHECK_UNITS = YOUTUBE_UNIT_COST.playlistItems + YOUTUBE_UNIT_COST.videos;

/** YouTube's default daily quota of a project. */
export const YOUTUBE_DAILY_QUOTA = 10_000;

/** Quota units the live check spends in a day at one check every `intervalMinutes` (0: off). */
export function liveCheckUnitsPerDay(intervalMinutes: number): number {
  return intervalMinutes > 0 ? Math.ceil((24 * 60) / intervalMinutes) * LIVE_CHECK_UNITS : 0;
}

/** YouTube's WebSub hub (issue 24): the API subscribes here for new-video pushes. */
export const WEBSUB_HUB_URL = 'https://pubsubhubbub.appspot.com/subscribe';

/** Where the hub calls back: intent verification (GET) and notifications (POST), public. */
export const WEBSUB_CALLBACK_PATH = '/api/youtube/websub';

/** The WebSub topic of a channel's uploads (not the feed's address: YouTube's hub knows this one). */
export function websubTopic(channelId: string): string {
  return `${YOUTUBE_ORIGIN}/xml/feeds/videos.xml?channel_id=${encodeURIComponent(channelId)}`;
}
