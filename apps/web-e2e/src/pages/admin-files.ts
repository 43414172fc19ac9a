/** Files for the upload fields: real images (checked by content on both sides) and wrong ones. */

// A 1×1 PNG and a 1×1 GIF.
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const GIF_1PX = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const pngFile = (name = 'logo.png'): UploadFile => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(PNG_1PX, 'base64'),
});

export const gifFile = (name = 'favicon.gif'): UploadFile => ({
  name,
  mimeType: 'image/gif',
  buffer: Buffer.from(GIF_1PX, 'base64'),
});

export const svgFile = (): UploadFile => ({
  name: 'logo.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
});

export const textFile = (name = 'notes.txt'): UploadFile => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from('not an image'),
});

/** A PNG by its type and name whose bytes are not a PNG. */
export const fakePngFile = (): UploadFile => ({
  name: 'fake.png',
  mimeType: 'image/png',
  buffer: Buffer.from('definitely not a png file'),
});

/** 3 MB: over the 2 MB limit. */
export const bigPngFile = (): UploadFile => {
  const buffer = Buffer.alloc(3 * 1024 * 1024);
  Buffer.from(PNG_1PX, 'base64').copy(buffer);
  return { name: 'huge.png', mimeType: 'image/png', buffer };
};

export const dataUrlOf = (file: UploadFile) =>
  `data:${file.mimeType};base64,${file.buffer.toString('base64')}`;
