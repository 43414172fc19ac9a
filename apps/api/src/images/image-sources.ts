import { MISSING_THUMBNAIL_WIDTH, THUMBNAIL_FALLBACK_SIZES, VIDEO_ID_SOURCE } from '@app/contracts';

/** The only hosts the sync fetches images from: YouTube's thumbnail hosts and its channel-art hosts. */
export const YOUTUBE_IMAGE_HOSTS: readonly string[] = [
  'i.ytimg.com',
  'i1.ytimg.com',
  'i2.ytimg.com',
  'i3.ytimg.com',
  'i4.ytimg.com',
  'yt3.ggpht.com',
  'yt3.googleusercontent.com',
];

/** Sizes of a video thumbnail, best first: YouTube lacks the larger ones for many videos. */
const SIZES = [...THUMBNAIL_FALLBACK_SIZES, 'default'] as const;
/** `https://i.ytimg.com/vi/<id>/<size>[_live].jpg` (also `vi_webp`/`.webp`, and the i1–i4 hosts). */
const VIDEO_THUMBNAIL = new RegExp(
  `^/(vi|vi_webp)/(${VIDEO_ID_SOURCE})/(maxresdefault|sddefault|hqdefault|mqdefault|default)(_live)?\\.(jpg|webp)$`,
);

/** One URL to try, and whether a 120×90 answer from it is YouTube's grey stand-in for a size it lacks. */
export interface ImageCandidate {
  url: string;
  placeholderIfTiny: boolean;
}

/** Why an image URL is not fetched, or null when it may be. */
export function sourceRefusal(sourceUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(sourceUrl);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'not an https URL';
  if (!YOUTUBE_IMAGE_HOSTS.includes(url.hostname))
    return `${url.hostname} is not one of YouTube's image hosts`;
  return null;
}

/**
 * The URLs to try for an image the sync read, best first: for a video thumbnail of YouTube's, every size from
 * `maxresdefault` down to `default` (whatever size the API named; the first that exists wins), as JPEG; any other
 * image of YouTube's hosts (an avatar, a banner) as it is. Empty when the URL is not one of YouTube's.
 */
export function imageCandidates(sourceUrl: string): ImageCandidate[] {
  if (sourceRefusal(sourceUrl)) return [];
  const url = new URL(sourceUrl);
  const match = VIDEO_THUMBNAIL.exec(url.pathname);
  if (!match || url.search) return [{ url: sourceUrl, placeholderIfTiny: false }];
  const [, , id, , live = ''] = match;
  return SIZES.map((size) => ({
    url: `https://${url.hostname}/vi/${id}/${size}${live}.jpg`,
    placeholderIfTiny: size !== 'default',
  }));
}

/**
 * The width the channel's banner is asked at: YouTube's desktop banner at 2×, wider than the widest file made
 * (1280), so every width exists. A banner is uploaded at 2560×1440 or more.
 */
export const BANNER_WIDTH = 2120;

/**
 * The banner's URL to fetch: `bannerExternalUrl` (no size option: YouTube answers a small one) with `=w2120`, the
 * whole 16:9 upload scaled to that width (the pages crop it), any size option it had replaced. YouTube's image
 * URLs take their options after the first `=` of the last path segment (`…=w1060-fcrop64=1,…-nd-rj`).
 */
export function bannerSourceUrl(bannerUrl: string): string {
  const segment = bannerUrl.lastIndexOf('/') + 1;
  const options = bannerUrl.indexOf('=', segment);
  return `${options < 0 ? bannerUrl : bannerUrl.slice(0, options)}=w${BANNER_WIDTH}`;
}

/** A 120×90 image where a larger size was asked: YouTube's grey stand-in (it answers some with a 200). */
export function isPlaceholder(candidate: ImageCandidate, width: number, height: number): boolean {
  return candidate.placeholderIfTiny && width <= MISSING_THUMBNAIL_WIDTH && height <= 90;
}

/** Where a URL of YouTube's is fetched from: itself, or `<base>/<host>/<path>` (YOUTUBE_IMAGES_BASE_URL, tests). */
export function fetchUrl(url: string, base: string | undefined): string {
  if (!base) return url;
  const target = new URL(url);
  return `${base.replace(/\/+$/, '')}/${target.hostname}${target.pathname}${target.search}`;
}
