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

/** The stored copy of an image's source bytes (`<hash>/source`): what its files are made of. Never served. */
export const SOURCE_FILE = 'source';

/** A source decoded once (EXIF orientation applied, alpha flattened on white as a page shows it). */
interface Decoded {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

async function decode(source: Buffer): Promise<Decoded> {
  await sourceSize(source);
  const sharp = await loadSharp();
  const { data, info } = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function raw(decoded: Decoded): Promise<Sharp> {
  const sharp = await loadSharp();
  const { data, width, height, channels } = decoded;
  return sharp(data, { raw: { width, height, channels } });
}

/**
 * What the files of a source will be (its widths, the widest one's size, its dominant colour), without making them:
 * a fetched image is ready once this is known and its source stored; each file is made when first asked for
 * (`makeFile`). Throws ImageSourceError for bytes that are not an image it takes.
 */
export async function describeSource(source: Buffer): Promise<VariantSizes> {
  const decoded = await decode(source);
  return variantSizes({ width: decoded.width, height: decoded.height, color: await colorOf(decoded) });
}

/** The dominant colour, `#rrggbb`. */
async function colorOf(decoded: Decoded): Promise<string> {
  const { dominant } = await (await raw(decoded)).stats();
  return `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`;
}

/** The file `name` (`<width>.<format>` for a width of `variantWidths`, or `og.jpg`) made of a decoded source. */
async function encodeFile(decoded: Decoded, name: string): Promise<ImageFile | null> {
  if (name === 'og.jpg') {
    const big = decoded.width >= OG_IMAGE_SIZE.width && decoded.height >= OG_IMAGE_SIZE.height;
    const image = big
      ? (await raw(decoded)).resize(OG_IMAGE_SIZE.width, OG_IMAGE_SIZE.height, { fit: 'cover' })
      : await raw(decoded);
    return { name, body: await ENCODE.jpg(image).toBuffer(), contentType: IMAGE_MIME.jpg };
  }
  const [width, format] = name.split('.') as [string, ImageFormat];
  const w = Number(width);
  if (!IMAGE_FORMATS.includes(format) || !variantWidths(decoded.width).includes(w)) return null;
  const image = await raw(decoded);
  const resized =
    w === decoded.width
      ? image
      : image.resize(w, Math.max(1, Math.round((w * decoded.height) / decoded.width)));
  return { name, body: await ENCODE[format](resized).toBuffer(), contentType: IMAGE_MIME[format] };
}

/**
 * One file of an image, made from its source bytes when a page first asks for it: null for a name the source has
 * no such file of (a width wider than it). Throws ImageSourceError for bytes that are not an image it takes.
 */
export async function makeFile(source: Buffer, name: string): Promise<ImageFile | null> {
  return encodeFile(await decode(source), name);
}

/** The names of every file of a source `width` wide: each width in each of IMAGE_FORMATS, and `og.jpg`. */
export function fileNames(width: number): string[] {
  return [...variantWidths(width).flatMap((w) => IMAGE_FORMATS.map((f) => `${w}.${f}`)), 'og.jpg'];
}

/**
 * Every file of an image from its source bytes (what a page may ask for, made at once: the benchmarks and the specs
 * compare sizes with it), with the dominant colour.
 */
export async function makeVariants(source: Buffer): Promise<ImageVariants> {
  const decoded = await decode(source);
  const files: ImageFile[] = [];
  for (const name of fileNames(decoded.width)) files.push((await encodeFile(decoded, name))!);
  return {
    hash: imageHash(source),
    ...variantSizes({ width: decoded.width, height: decoded.height, color: await colorOf(decoded) }),
    files,
  };
}
