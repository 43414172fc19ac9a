/**
 * The fake's image hosts (issue 47): real JPEG bytes for what the Data API answers link to, so the sync can bring
 * a channel's images home in tests as it does from YouTube. A request names the host as the first path segment
 * (`/i.ytimg.com/vi/<id>/hqdefault.jpg`), which is how the API's `YOUTUBE_IMAGES_BASE_URL` maps
 * `https://<host>/<path>` onto the fake.
 *
 * - Video thumbnails on `i.ytimg.com` and `i1`–`i4.ytimg.com`, at the sizes of
 *   https://developers.google.com/youtube/v3/docs/thumbnails (default 120×90, mqdefault 320×180, hqdefault
 *   480×360, sddefault 640×480, maxresdefault 1280×720). The 4:3 ones show the 16:9 picture letterboxed between
 *   black bars, as YouTube's do. A size the video lacks, an unknown id and a deleted video answer 404 with a
 *   120×90 grey JPEG, as i.ytimg.com does; YouTube may also answer that grey image with a 200 (see
 *   `MISSING_THUMBNAIL_WIDTH` in libs/contracts/src/youtube.ts), which the fake does for an upload still
 *   processing, and for `/img/no_thumbnail.jpg` (an empty playlist's thumbnail).
 * - The channel's avatar on `yt3.ggpht.com` (`…=s<N>-…`: an N×N square; the Data API lists 88, 240 and 800,
 *   https://developers.google.com/youtube/v3/docs/channels#snippet.thumbnails) and its banner on
 *   `yt3.googleusercontent.com` (16:9, `…=w<N>-…` for N wide; a banner is uploaded at 2560×1440,
 *   https://developers.google.com/youtube/v3/docs/channelBanners). Without a size option the fake answers 512.
 *
 * Each answer carries `Last-Modified`, an `ETag` and `Cache-Control: public, max-age=7200`, and answers 304 to
 * `If-None-Match` or `If-Modified-Since`, as a CDN does. Pictures are a diagonal gradient in colours taken from the
 * id (so every video's differs), encoded by sharp at JPEG quality 60 once per id, version and size, and kept in a
 * cache of bounded size. `version` counts the owner's changes (`POST /__fake/images/change`): a new
 * version is a new picture at the same URL, with a new ETag and a later Last-Modified.
 */
import { createHash } from 'node:crypto';
import type { ThumbnailSize } from '@app/contracts/youtube';
import sharp from 'sharp';

const THUMBNAIL_HOSTS = ['i.ytimg.com', 'i1.ytimg.com', 'i2.ytimg.com', 'i3.ytimg.com', 'i4.ytimg.com'];
const AVATAR_HOST = 'yt3.ggpht.com';
const BANNER_HOST = 'yt3.googleusercontent.com';

/** A thumbnail's box, and the height of the 16:9 picture inside it (less than the box's: letterboxed). */
export const THUMBNAIL_BOXES: Record<ThumbnailSize, { width: number; height: number; picture: number }> = {
  default: { width: 120, height: 90, picture: 68 },
  mqdefault: { width: 320, height: 180, picture: 180 },
  hqdefault: { width: 480, height: 360, picture: 270 },
  sddefault: { width: 640, height: 480, picture: 360 },
  maxresdefault: { width: 1280, height: 720, picture: 720 },
};

/** What YouTube answers for a thumbnail that does not exist: 120×90, a flat grey. */
const MISSING_SIZE = { width: 120, height: 90 } as const;
const MISSING_GREY = { r: 204, g: 204, b: 204 };

const JPEG_QUALITY = 60;
/** Largest avatar or banner width the fake makes (a banner's upload size). */
const MAX_CHANNEL_IMAGE = 2560;
const DEFAULT_CHANNEL_IMAGE = 512;
/** Bytes of JPEG the cache keeps; the least recently used go first. */
const CACHE_BYTES = 32 * 1024 * 1024;

/** What one image request resolves to, before any bytes are made. */
export type ImageRequest =
  | { kind: 'thumbnail'; videoId: string; size: ThumbnailSize }
  | { kind: 'avatar'; channelId: string; size: number }
  | { kind: 'banner'; channelId: string; width: number }
  /** YouTube's grey image: `found` for `/img/no_thumbnail.jpg` (200), else the answer for what is missing (404). */
  | { kind: 'grey'; found: boolean }
  | { kind: 'none' };

const SIZE_NAMES = Object.keys(THUMBNAIL_BOXES) as ThumbnailSize[];

/**
 * Reads `/<host>/<path>`: a thumbnail, the channel's avatar or banner, YouTube's grey image, or
 * `none` for a path no image host serves (the caller answers its plain 404).
 */
export function parseImagePath(pathname: string): ImageRequest {
  const [, host, ...rest] = pathname.split('/');
  const path = rest.join('/');
  if (THUMBNAIL_HOSTS.includes(host)) {
    const match = /^vi\/([\w-]{1,32})\/(\w+)\.jpg$/.exec(path);
    const size = match?.[2] as ThumbnailSize | undefined;
    if (match && size && SIZE_NAMES.includes(size)) return { kind: 'thumbnail', videoId: match[1], size };
    return { kind: 'grey', found: path === 'img/no_thumbnail.jpg' };
  }
  if (host === AVATAR_HOST || host === BANNER_HOST) {
    const match = /^fake-(banner-)?(UC[\w-]{22})(?:=([sw])(\d{1,5})\b[\w,=-]*)?$/.exec(path);
    if (!match || (match[1] ? host !== BANNER_HOST : host !== AVATAR_HOST))
      return { kind: 'grey', found: false };
    const size = Math.min(MAX_CHANNEL_IMAGE, Math.max(16, Number(match[4] ?? DEFAULT_CHANNEL_IMAGE)));
    return match[1]
      ? { kind: 'banner', channelId: match[2], width: size }
      : { kind: 'avatar', channelId: match[2], size };
  }
  return { kind: 'none' };
}

/** The channel's avatar URL at one size, as `channels.list` lists it. */
export const avatarUrl = (channelId: string, size: number) =>
  `https://${AVATAR_HOST}/fake-${channelId}=s${size}-c-k-c0x00ffffff-no-rj`;
/** The channel's banner URL (`brandingSettings.image.bannerExternalUrl`), without a size option. */
export const bannerUrl = (channelId: string) => `https://${BANNER_HOST}/fake-banner-${channelId}`;

type Rgb = { r: number; g: number; b: number };

/** Two colours from an id: a hue of its own, and a darker neighbour for the gradient. */
function colours(seed: string): [Rgb, Rgb] {
  const digest = createHash('sha256').update(seed).digest();
  const hue = digest.readUInt16BE(0) / 65536;
  const light = 0.45 + (digest[2] / 255) * 0.2;
  return [hsl(hue, 0.65, light), hsl((hue + 0.08) % 1, 0.7, light - 0.25)];
}

function hsl(h: number, s: number, l: number): Rgb {
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = (t + 1) % 1;
    const v = x < 1 / 6 ? p + (q - p) * 6 * x : x < 1 / 2 ? q : x < 2 / 3 ? p + (q - p) * (2 / 3 - x) * 6 : p;
    return Math.round(v * 255);
  };
  return { r: channel(h + 1 / 3), g: channel(h), b: channel(h - 1 / 3) };
}

/**
 * The seed's picture: a diagonal gradient between its two colours, width × height, with `bars` rows of black above
 * and below (letterboxing). The pixels are written here and only encoded by sharp: resizing a small image up costs
 * several times the encoding.
 */
function picture(seed: string, width: number, height: number, bars = 0): Promise<Buffer> {
  const [a, b] = colours(seed);
  const full = height + 2 * bars;
  const raw = Buffer.alloc(width * full * 3);
  const span = Math.max(1, width + height - 2);
  for (let y = 0; y < height; y++) {
    let i = (y + bars) * width * 3;
    for (let x = 0; x < width; x++, i += 3) {
      const t = (x + y) / span;
      raw[i] = a.r + (b.r - a.r) * t;
      raw[i + 1] = a.g + (b.g - a.g) * t;
      raw[i + 2] = a.b + (b.b - a.b) * t;
    }
  }
  return sharp(raw, { raw: { width, height: full, channels: 3 } })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

function missingPicture(): Promise<Buffer> {
  return sharp({ create: { ...MISSING_SIZE, channels: 3, background: MISSING_GREY } })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

/** The bytes of one image request. */
function render(request: ImageRequest, version: number): Promise<Buffer> {
  switch (request.kind) {
    case 'thumbnail': {
      const box = THUMBNAIL_BOXES[request.size];
      const seed = `${request.videoId}#${version}`;
      return picture(seed, box.width, box.picture, (box.height - box.picture) / 2);
    }
    case 'avatar':
      return picture(`${request.channelId}#avatar#${version}`, request.size, request.size);
    case 'banner':
      return picture(
        `${request.channelId}#banner#${version}`,
        request.width,
        Math.floor((request.width * 9) / 16),
      );
    default:
      return missingPicture();
  }
}

/**
 * Makes and keeps the images: one JPEG per (request, version), made on first use and kept while the cache has
 * room. Concurrent requests for the same image share one making.
 */
export class ImageMaker {
  private readonly cache = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  /** An image's validator: opaque, stable for one (request, version), known without making the bytes. */
  static etag(request: ImageRequest, version: number): string {
    const key = JSON.stringify([request, version]);
    return `"${createHash('sha1').update(key).digest('base64url').slice(0, 22)}"`;
  }

  async bytesOf(request: ImageRequest, version: number): Promise<Buffer> {
    const key = JSON.stringify([request, version]);
    const cached = this.cache.get(key);
    if (cached) {
      // Most recently used last.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const making = render(request, version);
    this.cache.set(key, making);
    let body: Buffer;
    try {
      body = await making;
    } catch (error) {
      this.cache.delete(key);
      throw error;
    }
    this.sizes.set(key, body.length);
    this.bytes += body.length;
    for (const [old] of this.cache) {
      if (this.bytes <= CACHE_BYTES || old === key) break;
      this.bytes -= this.sizes.get(old) ?? 0;
      this.sizes.delete(old);
      this.cache.delete(old);
    }
    return body;
  }
}
