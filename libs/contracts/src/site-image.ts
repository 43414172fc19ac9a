import { z } from 'zod';

/**
 * The site's own copy of an image (a video's thumbnail, a playlist's, the channel's avatar and banner): fetched once by
 * the sync, stored behind the API's image store and served by the site at `/images/<hash>/<file>`, so a page asks
 * no other host for it. `<hash>` names the source bytes, so every file under it is immutable: a changed image on
 * YouTube gets a new hash.
 *
 * Files under a hash: `<width>.<format>` for each width in `widths` and each of `IMAGE_FORMATS`, and `og.jpg`, the
 * JPEG link previews expect (1200×630, or the source's own size when smaller).
 */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
/** The MIME type of each format, as `/images/…` answers it and `<source type>` names it. */
export const IMAGE_MIME: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};
/** The widths made of each image, where the source is at least that wide (a narrower source: its own width only). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
/** The share image's size (what link previews expect). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export const IMAGES_PATH = '/images';
/** A stored image's name: the first 20 hex digits of the SHA-256 of its source bytes. */
export const IMAGE_HASH_PATTERN = /^[0-9a-f]{20}$/;
/** A file under a hash: `<width>.<format>` or `og.jpg`; nothing else is ever served. */
export const IMAGE_FILE_PATTERN = /^(?:([1-9]\d{1,3})\.(avif|webp|jpg)|og\.jpg)$/;

export const siteImageSchema = z.object({
  /** `/images/<hash>`: the folder of its files, on this site. */
  path: z.string(),
  /** The size of the widest file (the aspect ratio of every one). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The widths there are, ascending. */
  widths: z.array(z.number().int().positive()).min(1),
  /** The image's dominant colour (`#rrggbb`): its box's background until it loads, and if it never does. */
  color: z.string().regex(/^#[0-9a-f]{6}$/),
});
export type SiteImage = z.infer<typeof siteImageSchema>;

/** The path of one file of an image. */
export function imageFile(image: Pick<SiteImage, 'path'>, width: number, format: ImageFormat): string {
  return `${image.path}/${width}.${format}`;
}

/** `srcset` of one format: every width. */
export function imageSrcset(image: Pick<SiteImage, 'path' | 'widths'>, format: ImageFormat): string {
  return image.widths.map((width) => `${imageFile(image, width, format)} ${width}w`).join(', ');
}

/** The JPEG of the narrowest width ≥ `atLeast` (the widest when none is): `src` for browsers without `srcset`. */
export function imageSrc(image: Pick<SiteImage, 'path' | 'widths'>, atLeast = 640): string {
  const width = image.widths.find((w) => w >= atLeast) ?? image.widths[image.widths.length - 1];
  return imageFile(image, width, 'jpg');
}

/** The share image (`og:image`, JSON-LD): a JPEG of the size link previews expect. */
export function ogImagePath(image: Pick<SiteImage, 'path'>): string {
  return `${image.path}/og.jpg`;
}
