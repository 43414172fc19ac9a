import sharp from 'sharp';
import { IMAGE_FILE_PATTERN, IMAGE_HASH_PATTERN } from '@app/contracts';
import {
  ImageSourceError,
  imageHash,
  makeVariants,
  MAX_SOURCE_PIXELS,
  variantWidths,
} from './image-variants';

/** A real JPEG of one colour with a stripe, as YouTube's thumbnails are JPEGs. */
function jpeg(width: number, height: number, rgb = { r: 200, g: 40, b: 40 }): Promise<Buffer> {
  const stripe = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.ceil(height / 10)}"><rect width="100%" height="100%" fill="#fff"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: rgb } })
    .composite([{ input: stripe, top: 0, left: 0 }])
    .jpeg()
    .toBuffer();
}

describe('makeVariants', () => {
  it('makes every width in AVIF, WebP and JPEG and a 1200×630 og.jpg of a maxres thumbnail', async () => {
    const source = await jpeg(1280, 720);
    const started = performance.now();
    const variants = await makeVariants(source);
    const ms = performance.now() - started;
    // The encode time of one 1280×720 source (9 files and og.jpg), for docs/images.md.
    process.stdout.write(`makeVariants 1280×720: ${Math.round(ms)} ms\n`);
    expect(variants).toMatchObject({
      hash: imageHash(source),
      width: 1280,
      height: 720,
      widths: [320, 640, 1280],
    });
    expect(variants.hash).toMatch(IMAGE_HASH_PATTERN);
    expect(variants.color).toBe('#c82828');
    expect(variants.files.map((f) => f.name)).toEqual([
      '320.avif',
      '320.webp',
      '320.jpg',
      '640.avif',
      '640.webp',
      '640.jpg',
      '1280.avif',
      '1280.webp',
      '1280.jpg',
      'og.jpg',
    ]);
    for (const file of variants.files) expect(file.name).toMatch(IMAGE_FILE_PATTERN);
    const sizes = await Promise.all(
      variants.files.map(async (f) => {
        const meta = await sharp(f.body).metadata();
        return `${f.name} ${meta.format} ${meta.width}×${meta.height} ${f.contentType}`;
      }),
    );
    expect(sizes).toEqual([
      '320.avif heif 320×180 image/avif',
      '320.webp webp 320×180 image/webp',
      '320.jpg jpeg 320×180 image/jpeg',
      '640.avif heif 640×360 image/avif',
      '640.webp webp 640×360 image/webp',
      '640.jpg jpeg 640×360 image/jpeg',
      '1280.avif heif 1280×720 image/avif',
      '1280.webp webp 1280×720 image/webp',
      '1280.jpg jpeg 1280×720 image/jpeg',
      'og.jpg jpeg 1200×630 image/jpeg',
    ]);
  });

  it('keeps a narrow source at its own width, and og.jpg at its own size', async () => {
    const variants = await makeVariants(await jpeg(120, 90));
    expect(variants).toMatchObject({ width: 120, height: 90, widths: [120] });
    expect(variants.files.map((f) => f.name)).toEqual(['120.avif', '120.webp', '120.jpg', 'og.jpg']);
    const og = await sharp(variants.files[3].body).metadata();
    expect([og.width, og.height]).toEqual([120, 90]);
    expect(variantWidths(480)).toEqual([320]);
    expect(variantWidths(640)).toEqual([320, 640]);
  });

  it('refuses bytes that are not an image, and an image above the pixel limit, before decoding it', async () => {
    await expect(makeVariants(Buffer.from('<html>not found</html>'))).rejects.toThrow(ImageSourceError);
    await expect(makeVariants(Buffer.from('<html>not found</html>'))).rejects.toThrow(/^not an image/);
    const side = Math.ceil(Math.sqrt(MAX_SOURCE_PIXELS)) + 1;
    const huge = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"></svg>`,
    );
    await expect(makeVariants(huge)).rejects.toThrow(ImageSourceError);
  });
});
