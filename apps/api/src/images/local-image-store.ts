import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { IMAGE_HASH_PATTERN, IMAGE_MIME, type ImageFormat } from '@app/contracts';
import type { ImageStore, StoredImage } from './image-store';

/** The MIME type of a stored file, from its name (`<width>.<format>` or `og.jpg`). */
export function contentTypeOf(key: string): string {
  return IMAGE_MIME[extname(key).slice(1) as ImageFormat] ?? 'application/octet-stream';
}

/**
 * The image store in a directory: `<dir>/<hash>/<file>`. A file is written under a temporary name in its folder and
 * renamed into place, so a reader (this process or another on the same machine) sees the whole old file or the
 * whole new one, never a part.
 */
export class LocalImageStore implements ImageStore {
  constructor(private readonly dir: string) {}

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.path(key);
    await mkdir(join(file, '..'), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, body);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredImage | null> {
    try {
      return { body: await readFile(this.path(key)), contentType: contentTypeOf(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async removeImage(hash: string): Promise<void> {
    if (!IMAGE_HASH_PATTERN.test(hash)) throw new Error(`not an image hash: ${hash}`);
    await rm(join(this.dir, hash), { recursive: true, force: true });
  }

  /** The file of a key the caller checked (`<hash>/<file>`); checked once more here, as the last line. */
  private path(key: string): string {
    const [hash, file, ...rest] = key.split('/');
    if (
      !IMAGE_HASH_PATTERN.test(hash ?? '') ||
      !file ||
      rest.length ||
      !/^[\w.]+$/.test(file) ||
      file.startsWith('.')
    ) {
      throw new Error(`not an image key: ${key}`);
    }
    return join(this.dir, hash, file);
  }
}
