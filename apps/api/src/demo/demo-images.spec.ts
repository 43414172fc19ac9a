import { imageHash, makeVariants, variantSizes } from '../images/image-variants';
import { DEMO_THUMBNAIL_PATH, demoThumbnailPath } from './demo-content';
import { demoImageSource } from './demo-images';

describe('demoImageSource', () => {
  it('draws the source of a demo thumbnail path, and of nothing else', () => {
    expect(demoImageSource(demoThumbnailPath('v', 12))).toMatchObject({ width: 640, height: 360 });
    expect(demoImageSource(demoThumbnailPath('p', 3))).not.toBeNull();
    for (const other of [
      'https://i.ytimg.com/vi/x/hqdefault.jpg',
      `${DEMO_THUMBNAIL_PATH}v0.svg`,
      `${DEMO_THUMBNAIL_PATH}x1.svg`,
      `${DEMO_THUMBNAIL_PATH}v1.svg?x`,
      `${DEMO_THUMBNAIL_PATH}../v1.svg`,
    ]) {
      expect(demoImageSource(other)).toBeNull();
    }
  });

  it('gives items of the same colours one source: a handful of images for the whole demo', () => {
    const hashes = new Set(
      Array.from({ length: 60 }, (_, i) => imageHash(demoImageSource(demoThumbnailPath('v', i + 1))!.body)),
    );
    expect(hashes.size).toBe(6);
  });

  it('says beforehand the sizes makeVariants makes of it (the row is ready before its files exist)', async () => {
    const source = demoImageSource(demoThumbnailPath('v', 1))!;
    const made = await makeVariants(source.body);
    const { color: _planned, ...planned } = variantSizes(source);
    expect({ width: made.width, height: made.height, widths: made.widths }).toEqual(planned);
    expect(made.files.map((file) => file.name)).toEqual([
      '320.avif',
      '320.webp',
      '320.jpg',
      '640.avif',
      '640.webp',
      '640.jpg',
      'og.jpg',
    ]);
  });
});
