import { createHash } from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';
import { IMAGE_FORMATS, IMAGE_MIME, IMAGE_WIDTHS, type ImageFormat, OG_IMAGE_SIZE } from '@app/contracts';

/** Sources above this many pixels are refused before decoding (YouTube's largest, a banner, is 2560×1440). */
export const MAX_SOURCE_PIXELS = 6000 * 4000;
/** The formats sharp may read a source in: what YouTube serves, and the demo's SVGs. */
const SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'svg']);

/**
 * Encoder settings: AVIF at a low effort (the CPU cost of a sync with hundreds of new videos; effort 9 is about ten
 * times slower for a few per cent), WebP and JPEG at their usual quality.
 */
const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75, effort: 3 }),
  jpg: (image) => image.jpeg({ quality: 80, progressive: true, mozjpeg: false }),
};

type SharpModule = typeof import('sharp');
let loading: Promise<SharpModule> | undefined;

/**
 * sharp (libvips, about 300 ms to load), loaded when an image is first read or made: the API boots and serves
 * pages, and the integration suites run, without it.
 */
function loadSharp(): Promise<SharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}

/** A source sharp refused: not an image, of an odd format, or too large. */
export class ImageSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageSourceError';
  }
}

export interface ImageFile {
  /** `<width>.<format>` or `og.jpg`. */
  name: string;
  body: Buffer;
  contentType: string;
}

/** What an image's files are: the widest one's size, every width, and its colour. */
export interface VariantSizes {
  width: number;
  height: number;
  widths: number[];
  /** The dominant colour, `#rrggbb`. */
  color: string;
}

export interface ImageVariants extends VariantSizes {
  /** `IMAGE_HASH_PATTERN`: the first 20 hex digits of the SHA-256 of the source bytes. */
  hash: string;
  files: ImageFile[];
}

/** The name a set of source bytes is stored under. */
export function imageHash(source: Buffer): string {
  return createHash('sha256').update(source).digest('hex').slice(0, 20);
}

/** The widths made of a source `width` wide: each of IMAGE_WIDTHS it reaches, else its own width only. */
export function variantWidths(width: number): number[] {
  const widths = IMAGE_WIDTHS.filter((w) => w <= width);
  return widths.length ? widths : [width];
}

/** The sizes of the files made of a source `width`×`height` (with its colour): `makeVariants` makes exactly these. */
export function variantSizes(source: { width: number; height: number; color: string }): VariantSizes {
  const widths = variantWidths(source.width);
  const widest = widths[widths.length - 1];
  return {
    width: widest,
    height: Math.max(1, Math.round((widest * source.height) / source.width)),
    widths,
    color: source.color,
  };
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** Reads a source's size, refusing what is not an image of a known format or is too large. */
export async function sourceSize(source: Buffer): Promise<{ width: number; height: number; format: string }> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
  } catch (error) {
    throw new ImageSourceError(`not an image (${(error as Error).message})`);
  }
  if (!meta.format || !SOURCE_FORMATS.has(meta.format)) {
    throw new ImageSourceError(`not an image format the site takes (${meta.format ?? 'unknown'})`);
  }
  const { width, height } = meta;
  if (!width || !height) throw new ImageSourceError('an image without a size');
  if (width * height > MAX_SOURCE_PIXELS) {
    throw new ImageSourceError(`too large: ${width}×${height} is more than ${MAX_SOURCE_PIXELS} pixels`);
  }
  return { width, height, format: meta.format };
}

/**
 * Every file of an image from its source bytes: each width of `variantWidths` in each of IMAGE_FORMATS, and `og.jpg`
 * (OG_IMAGE_SIZE, cropped to cover; the source's own size when it is smaller), with the dominant colour.
 * Throws ImageSourceError for bytes that are not an image it takes.
 */
export async function makeVariants(source: Buffer): Promise<ImageVariants> {
  await sourceSize(source);
  const sharp = await loadSharp();
  // Decoded once (EXIF orientation applied, alpha flattened on white as a page shows it), then resized per file.
  const { data, info } = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const widths = variantWidths(info.width);
  const heightOf = (w: number) => Math.max(1, Math.round((w * info.height) / info.width));
  const files: ImageFile[] = [];
  for (const w of widths) {
    for (const format of IMAGE_FORMATS) {
      const resized = w === info.width ? raw() : raw().resize(w, heightOf(w));
      files.push({
        name: `${w}.${format}`,
        body: await ENCODE[format](resized).toBuffer(),
        contentType: IMAGE_MIME[format],
      });
    }
  }
  const og =
    info.width >= OG_IMAGE_SIZE.width && info.height >= OG_IMAGE_SIZE.height
      ? raw().resize(OG_IMAGE_SIZE.width, OG_IMAGE_SIZE.height, { fit: 'cover' })
      : raw();
  files.push({ name: 'og.jpg', body: await ENCODE.jpg(og).toBuffer(), contentType: IMAGE_MIME.jpg });
  const { dominant } = await raw().stats();
  const color = `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`;
  return {
    hash: imageHash(source),
    ...variantSizes({ width: info.width, height: info.height, color }),
    files,
  };
}
