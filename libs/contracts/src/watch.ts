/**
 * A video's page on this site (issue 15): its address, its oEmbed discovery link, its head tags and its
 * structured data, and the structured data of `/`. Free of zod so the public page can import it alone
 * (`@app/contracts/watch`); the API builds the same from here (page head, sitemap, rss, oEmbed).
 */
import type { BroadcastEvent, Clip, VideoObject, WithContext } from 'schema-dts';
import { OEMBED_PATH } from './api-paths';
import { broadcastEvent, jsonLdText } from './broadcast-event';
import { parseChapters } from './chapters';
import type { SiteImage } from './site-image';
import { ogImagePath } from './site-image-files';
import { type PageHead, type PageHeadSettings, pageHead, siteName } from './page-head';
import { truncateText } from './text';
import { joinCueTexts, type TranscriptParagraph } from './transcripts';
import type { VideoKind } from './video-filters';
import { embedUrl, thumbnailUrl, VIDEO_ID_SOURCE } from './youtube';

export { jsonLdText };

const WATCH_PATH_PREFIX = '/videos/';
const WATCH_PATH = new RegExp(`^${WATCH_PATH_PREFIX}(${VIDEO_ID_SOURCE})/?$`);

/** The on-site page of a video: `/videos/{id}`. */
export function watchPath(videoId: string): string {
  return `${WATCH_PATH_PREFIX}${encodeURIComponent(videoId)}`;
}

/**
 * The absolute URL of a video's page on this site. (`watchUrl` in `youtube.ts` is its page on YouTube,
 * which the cards' titles keep opening.)
 */
export function watchPageUrl(origin: string, videoId: string): string {
  return `${origin}${watchPath(videoId)}`;
}

/** The watch page opened at a time (`?t=` in seconds, read by `parseStartTime`): a chapter's link and `Clip`. */
export function watchPathAt(videoId: string, seconds: number): string {
  return `${watchPath(videoId)}?t=${Math.floor(seconds)}`;
}

/** The video id a watch page's path names (`/videos/abc`, `/videos/abc/`), or null for any other path. */
export function videoIdFromWatchPath(pathname: string): string | null {
  const match = WATCH_PATH.exec(pathname);
  return match ? match[1] : null;
}

/** The owner's dashboard. */
export const ADMIN_PATH = '/admin';

/** Whether a path is the dashboard's (`/admin`, any case, one trailing slash), as the web app's router matches it. */
export function isAdminPath(pathname: string): boolean {
  return pathname.replace(/\/$/, '').toLowerCase() === ADMIN_PATH;
}

/**
 * Whether a path is one of the site's pages: `/`, the dashboard (`ADMIN_PATH`) or a watch page, matched as the web
 * app's router matches them (any case, one trailing slash). Every other path shows the not-found page, and the web
 * server answers it with a 404 (a watch page of a video the site does not have too, by its rendering).
 */
export function isSitePagePath(pathname: string): boolean {
  return (
    /^\/(?:admin\/?)?$/i.test(pathname) || isSearchPath(pathname) || videoIdFromWatchPath(pathname) !== null
  );
}

/** Whether a path is the search page's (`/search`, any case, one trailing slash); its query is in `?q=`. */
export function isSearchPath(pathname: string): boolean {
  return /^\/search\/?$/i.test(pathname);
}

/** The pages rendered on the server with their content: `/`, the search page and the watch pages. */
export function isServerRenderedPath(pathname: string): boolean {
  return pathname === '/' || isSearchPath(pathname) || videoIdFromWatchPath(pathname) !== null;
}

/** The `href` of the watch page's `<link rel="alternate" type="application/json+oembed">`. */
export function oembedDiscoveryUrl(origin: string, videoId: string): string {
  return `${origin}${OEMBED_PATH}?url=${encodeURIComponent(watchPageUrl(origin, videoId))}&format=json`;
}

/** What the structured data and the head of a watch page are made of (the fields of `VideoDetail`). */
export interface WatchVideo {
  id: string;
  title: string;
  description: string | null;
  /** Absolute, or a path on this site (the demo's thumbnails). */
  thumbnail: string | null;
  /** The site's own copy of it: its `og.jpg` is the page's share image and the structured data's thumbnail. */
  image: SiteImage | null;
  durationSeconds: number;
  /** Null when YouTube withholds it: the structured data then has no view count. */
  viewCount: number | null;
  /** ISO 8601 date-time. */
  publishedAt: string;
  kind: VideoKind;
  /** Of a live, scheduled or ended stream, as the live check (or, for a replay, the sync) last saw it. */
  live?: {
    scheduledStartTime: string | null;
    actualStartTime: string | null;
    actualEndTime?: string | null;
  } | null;
  /** What is said in it (its paragraphs' text goes into the structured data's `transcript`, bounded). */
  transcript?: { paragraphs: readonly Pick<TranscriptParagraph, 'text'>[] } | null;
}

/** An ISO 8601 duration (`PT4M13S`, `PT1H`, `PT0S`). */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
  return `PT${parts || '0S'}`;
}

function absolute(origin: string, url: string): string {
  return new URL(url, `${origin}/`).toString();
}

const YOUTUBE_THUMBNAIL = /^https:\/\/i\.ytimg\.com\/vi\//;
/** Sizes YouTube keeps for every video (`maxresdefault` and `sddefault` may be missing): 4:3 and 16:9. */
const YOUTUBE_SIZES = ['hqdefault', 'mqdefault', 'default'] as const;

/**
 * The thumbnail in the sizes there are: the site's own share image (`og.jpg`, absolute) once the site has the image;
 * until then YouTube's for a YouTube video, else the one the site stores (for crawlers: a page shows none of these).
 */
export function thumbnailUrls(
  video: Pick<WatchVideo, 'id' | 'thumbnail' | 'image'>,
  origin: string,
): string[] {
  if (video.image) return [absolute(origin, ogImagePath(video.image))];
  if (video.thumbnail && !YOUTUBE_THUMBNAIL.test(video.thumbnail)) return [absolute(origin, video.thumbnail)];
  const sizes = YOUTUBE_SIZES.map((size) => thumbnailUrl(video.id, size));
  return video.thumbnail && !sizes.includes(video.thumbnail) ? [video.thumbnail, ...sizes] : sizes;
}

/** The description a page and its structured data show: the video's, else its title. */
export function videoDescription(video: Pick<WatchVideo, 'title' | 'description'>): string {
  return video.description?.trim() || video.title;
}

/** An ISO 8601 date-time with its time zone (`Z`), whatever form it was stored in. */
function isoDateTime(value: string): string {
  return new Date(value).toISOString();
}

/**
 * Google's key moments: one `Clip` per chapter of the description (`chapters.ts`), each opening the watch page at
 * its start; without chapters a `SeekToAction` tells Google how to link to any second (not for a stream that is
 * live or still to come: there is nothing to seek in).
 */
function keyMoments(video: WatchVideo, origin: string): Pick<VideoObject, 'hasPart' | 'potentialAction'> {
  const chapters = parseChapters(video.description, video.durationSeconds);
  if (chapters.length) {
    const hasPart: Clip[] = chapters.map((chapter) => ({
      '@type': 'Clip',
      name: chapter.title,
      startOffset: chapter.start,
      ...(chapter.end !== null ? { endOffset: chapter.end } : {}),
      url: `${origin}${watchPathAt(video.id, chapter.start)}`,
    }));
    return { hasPart };
  }
  if (video.kind === 'live' || video.kind === 'upcoming') return {};
  // schema-dts has no type for Google's `<property>-input` annotation, so the action is built beside it.
  const seekTo = {
    '@type': 'SeekToAction',
    target: `${watchPageUrl(origin, video.id)}?t={seek_to_second_number}`,
    'startOffset-input': 'required name=seek_to_second_number',
  } as const;
  return { potentialAction: seekTo };
}

/**
 * The most of a transcript the `VideoObject` carries (UTF-16 units): about the first 170 words, a minute of speech.
 * The structured data sits in the page's `<head>`, before its first screen, where every byte counts against the first
 * 14.6 KB a page's first answer holds: 5,000 characters were 1.7 KB of brotli there, which took a watch page with a
 * 15-minute transcript past it (docs/public-page.md). The whole text is in the page itself.
 */
export const TRANSCRIPT_JSON_LD_MAX_LENGTH = 1000;
/** How far back a cut looks for the end of a word (text without spaces, Japanese, is cut between graphemes). */
const WORD_CUT_REACH = 40;

/**
 * The `transcript` of a `VideoObject`: the paragraphs' text joined; a longer one is cut at a word, within
 * `TRANSCRIPT_JSON_LD_MAX_LENGTH` with its ellipsis.
 */
export function transcriptJsonLdText(paragraphs: readonly Pick<TranscriptParagraph, 'text'>[]): string {
  let text = '';
  for (const paragraph of paragraphs) {
    text = joinCueTexts(text, paragraph.text);
    if (text.length > TRANSCRIPT_JSON_LD_MAX_LENGTH) break;
  }
  if (text.length <= TRANSCRIPT_JSON_LD_MAX_LENGTH) return text;
  const cut = truncateText(text, TRANSCRIPT_JSON_LD_MAX_LENGTH - 1, '');
  const space = cut.lastIndexOf(' ');
  const wholeWords =
    /\s/.test(text.charAt(cut.length)) || space < cut.length - WORD_CUT_REACH ? cut : cut.slice(0, space);
  return `${wholeWords.trimEnd()}…`;
}

/**
 * schema.org `VideoObject` of a watch page with what Google requires and recommends
 * (https://developers.google.com/search/docs/appearance/structured-data/video): a live or scheduled stream is
 * published by a `BroadcastEvent` (`broadcast-event.ts`) from its start; a replay whose stream times are known,
 * by one with its actual start and end. Chapters become key moments (`keyMoments`); a transcript, its
 * `transcript` (`transcriptJsonLdText`).
 */
export function videoObjectJsonLd(video: WatchVideo, origin: string): WithContext<VideoObject> {
  const url = watchPageUrl(origin, video.id);
  const live = video.live;
  const startDate = live?.actualStartTime ?? live?.scheduledStartTime ?? null;
  const stream =
    video.kind === 'live' ||
    video.kind === 'upcoming' ||
    (video.kind === 'replay' && !!live?.actualStartTime);
  const endDate = video.kind === 'replay' ? (live?.actualEndTime ?? null) : null;
  const publication: BroadcastEvent | undefined = stream
    ? broadcastEvent({
        startDate: startDate && isoDateTime(startDate),
        endDate: endDate && isoDateTime(endDate),
      })
    : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    '@id': url,
    name: video.title,
    description: videoDescription(video),
    thumbnailUrl: thumbnailUrls(video, origin),
    uploadDate: isoDateTime(video.publishedAt),
    ...(video.durationSeconds > 0 ? { duration: isoDuration(video.durationSeconds) } : {}),
    embedUrl: embedUrl(video.id),
    url,
    ...(video.viewCount === null
      ? {}
      : {
          interactionStatistic: {
            '@type': 'InteractionCounter',
            interactionType: { '@type': 'WatchAction' },
            userInteractionCount: video.viewCount,
          },
        }),
    ...(publication ? { publication } : {}),
    ...keyMoments(video, origin),
    ...(video.transcript?.paragraphs.length
      ? { transcript: transcriptJsonLdText(video.transcript.paragraphs) }
      : {}),
  };
}

/** The size the watch page's player card and `og:video` announce (the player fills it at 16:9). */
export const WATCH_PLAYER_SIZE = { width: 1280, height: 720 } as const;
const HEAD_DESCRIPTION_MAX = 200;

function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return truncateText(flat, HEAD_DESCRIPTION_MAX);
}

/**
 * The head of a watch page: the site's head (keywords, Twitter handle, feed) with the video's title,
 * description and image, its canonical URL, Open Graph video tags, a Twitter player card, the oEmbed
 * discovery link and its `VideoObject`.
 */
export function watchPageHead(settings: PageHeadSettings, origin: string, video: WatchVideo): PageHead {
  const site = pageHead(settings, origin);
  const site_name = siteName(settings.siteTitle);
  const url = watchPageUrl(origin, video.id);
  const description = shortDescription(videoDescription(video));
  const image = thumbnailUrls(video, origin)[0] as string;
  const player = embedUrl(video.id);
  const keep = (key: string) => site.meta.find((m) => m.key === key)?.content ?? '';
  const name = (key: string, content: string) => ({ attribute: 'name' as const, key, content });
  const property = (key: string, content: string) => ({ attribute: 'property' as const, key, content });
  const { width, height } = WATCH_PLAYER_SIZE;
  return {
    title: `${video.title} - ${site_name}`,
    meta: [
      name('description', description),
      name('keywords', keep('keywords')),
      property('og:type', 'video.other'),
      property('og:site_name', site_name),
      property('og:locale', keep('og:locale')),
      property('og:title', video.title),
      property('og:description', description),
      property('og:url', url),
      property('og:image', image),
      property('og:video', player),
      property('og:video:secure_url', player),
      property('og:video:type', 'text/html'),
      property('og:video:width', String(width)),
      property('og:video:height', String(height)),
      name('twitter:card', 'player'),
      name('twitter:site', keep('twitter:site')),
      name('twitter:title', video.title),
      name('twitter:description', description),
      name('twitter:image', image),
      name('twitter:player', player),
      name('twitter:player:width', String(width)),
      name('twitter:player:height', String(height)),
    ],
    feed: site.feed,
    search: site.search,
    canonical: url,
    oembed: { href: oembedDiscoveryUrl(origin, video.id), title: video.title },
    jsonLd: [videoObjectJsonLd(video, origin)],
  };
}
