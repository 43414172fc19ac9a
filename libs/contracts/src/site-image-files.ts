/**
 * The files of a site image (`site-image.ts`): its formats, widths and paths, free of zod so the public page can
 * import them alone (`@app/contracts/site-image-files`).
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

/** What the paths of an image's files are made of (`SiteImage`'s). */
export interface SiteImageFiles {
  /** `/images/<hash>`. */
  path: string;
  /** The widths there are, ascending. */
  widths: readonly number[];
}

/** Whether a path is under `/images/` (the API serves it; the web server and nginx hand it on). */
export function isImagePath(pathname: string): boolean {
  return pathname.startsWith(`${IMAGES_PATH}/`);
}

/** The path of one file of an image. */
export function imageFile(image: Pick<SiteImageFiles, 'path'>, width: number, format: ImageFormat): string {
  return `${image.path}/${width}.${format}`;
}

/** `srcset` of one format: every width. */
export function imageSrcset(image: SiteImageFiles, format: ImageFormat): string {
  return image.widths.map((width) => `${imageFile(image, width, format)} ${width}w`).join(', ');
}

/** The JPEG of the narrowest width ≥ `atLeast` (the widest when none is): `src` for browsers without `srcset`. */
export function imageSrc(image: SiteImageFiles, atLeast = 640): string {
  const width = image.widths.find((w) => w >= atLeast) ?? image.widths[image.widths.length - 1];
  return imageFile(image, width, 'jpg');
}

/** The share image (`og:image`, JSON-LD): a JPEG of the size link previews expect. */
export function ogImagePath(image: Pick<SiteImageFiles, 'path'>): string {
  return `${image.path}/og.jpg`;
}
