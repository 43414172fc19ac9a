import { z } from 'zod';
import { string } from './values';

/**
 * Images: inline base64 data URLs, checked by their bytes (type by content, SVG refused: docs/security.md, 'What
 * visitors' browsers run and see').
 */

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const imageMimeTypes = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
] as const;
export type ImageMimeType = (typeof imageMimeTypes)[number];

type ImageFormat = 'PNG' | 'JPEG' | 'WebP' | 'GIF' | 'ICO';
const formatOfMime: Record<ImageMimeType, ImageFormat> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/x-icon': 'ICO',
  'image/vnd.microsoft.icon': 'ICO',
};

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes the first bytes of a base64 text (no Buffer or atob: this library runs in Node and browsers). */
function decodeBase64Prefix(base64: string, byteCount: number): number[] {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of base64.slice(0, Math.ceil(byteCount / 3) * 4)) {
    if (char === '=') break;
    buffer = (buffer << 6) | BASE64_ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes.slice(0, byteCount);
}

const startsWith = (bytes: number[], magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

/** The image format given by the file's magic number, or null. */
export function detectImageFormat(bytes: number[]): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'JPEG';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'GIF';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'WebP';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return 'ICO';
  return null;
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/;
const BASE64_PAYLOAD = /^[A-Za-z0-9+/]*={0,2}$/;
const IMAGE_KINDS = 'a PNG, JPEG, WebP, GIF or ICO image';

/** Why an image data URL is refused, or null when it is acceptable. */
export function imageDataUrlProblem(value: string): string | null {
  const header = DATA_URL.exec(value);
  if (!header) return `must be ${IMAGE_KINDS} as a base64 data URL`;
  const mime = header[1].toLowerCase();
  if (mime.startsWith('image/svg')) return 'SVG images are not allowed';
  if (!(imageMimeTypes as readonly string[]).includes(mime)) {
    return `must be ${IMAGE_KINDS} (got ${mime || 'no type'})`;
  }
  if (header[2].toLowerCase() !== ';base64') return 'must be a base64 data URL';
  const payload = value.slice(header[0].length);
  if (payload.length % 4 !== 0 || !BASE64_PAYLOAD.test(payload)) return 'is not valid base64';
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const size = (payload.length / 4) * 3 - padding;
  if (size > IMAGE_MAX_BYTES) return 'must be at most 2 MB';
  const declared = formatOfMime[mime as ImageMimeType];
  const actual = detectImageFormat(decodeBase64Prefix(payload, 12));
  if (!actual) return `content is not ${IMAGE_KINDS}`;
  if (actual !== declared) return `content is a ${actual} image, not ${mime}`;
  return null;
}

/** A data-URL image; '' or null clears it (stored as null). */
export const imageSetting = () =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    string()
      .max(IMAGE_MAX_BYTES * 2, 'must be at most 2 MB')
      .superRefine((value, ctx) => {
        const problem = imageDataUrlProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
      })
      .nullable(),
  );
