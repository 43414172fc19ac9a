import { IMAGE_ACCEPT, imageFileProblem, imageFileToDataUrl } from './image-file';

// The 8-byte PNG signature plus a little padding.
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const file = (bytes: BlobPart[], name: string, type: string) => new File(bytes, name, { type });

describe('imageFileProblem', () => {
  it('accepts the image types the API stores', () => {
    expect(imageFileProblem({ name: 'logo.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ name: 'icon.ico', type: 'image/x-icon', size: 1000 })).toBeNull();
    expect(IMAGE_ACCEPT).toContain('image/webp');
    expect(IMAGE_ACCEPT).not.toContain('svg');
  });

  it('refuses SVG and files that are not images', () => {
    expect(imageFileProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toMatch(/SVG/);
    expect(imageFileProblem({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(
      'notes.txt is not an image (use PNG, JPEG, WebP, GIF or ICO)',
    );
    expect(imageFileProblem({ name: 'x', type: '', size: 10 })).toMatch(/not an image/);
  });

  it('refuses files over 2 MB', () => {
    expect(imageFileProblem({ name: 'big.png', type: 'image/png', size: 3 * 1024 * 1024 })).toBe(
      'big.png is 3.0 MB; images must be at most 2 MB',
    );
    expect(imageFileProblem({ name: 'ok.png', type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
  });
});

describe('imageFileToDataUrl', () => {
  it('reads an image as a base64 data URL', async () => {
    const dataUrl = await imageFileToDataUrl(file([PNG_BYTES], 'logo.png', 'image/png'));
    expect(dataUrl).toBe(`data:image/png;base64,${Buffer.from(PNG_BYTES).toString('base64')}`);
  });

  it('refuses a file whose content is not the image its type claims', async () => {
    await expect(imageFileToDataUrl(file(['hello world!'], 'fake.png', 'image/png'))).rejects.toThrow(
      /^fake\.png: content is not a PNG, JPEG, WebP, GIF or ICO image$/,
    );
    await expect(imageFileToDataUrl(file([PNG_BYTES], 'photo.jpg', 'image/jpeg'))).rejects.toThrow(
      'photo.jpg: content is a PNG image, not image/jpeg',
    );
  });

  it('refuses a wrong type before reading', async () => {
    await expect(imageFileToDataUrl(file(['x'], 'a.txt', 'text/plain'))).rejects.toThrow(/not an image/);
  });
});
