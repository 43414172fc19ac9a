import type { Provider } from '@nestjs/common';
import { dirname, join, resolve } from 'node:path';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { IMAGE_STORE, type ImageStore } from './image-store';
import { LocalImageStore } from './local-image-store';
import { S3ImageStore, s3ImageStoreOptions } from './s3-image-store';

/** The local store's directory: IMAGES_DIR, else `images` beside the SQLite file (the data directory). */
export function localImagesDir(env: Pick<Env, 'IMAGES_DIR' | 'SQLITE_PATH'>): string {
  return resolve(env.IMAGES_DIR ?? join(dirname(env.SQLITE_PATH), 'images'));
}

/**
 * The image store the environment names: `IMAGES_STORE=local` (the default) or `s3` (an S3-compatible bucket,
 * `s3-image-store.ts`, configured by the `IMAGES_S3_*` variables, which config/env.ts requires with it; the AWS
 * SDK is loaded on its first request).
 */
export function createImageStore(env: Env): ImageStore {
  switch (env.IMAGES_STORE) {
    case 's3':
      return new S3ImageStore(s3ImageStoreOptions(env));
    case 'local':
      return new LocalImageStore(localImagesDir(env));
  }
}

export const imageStoreProvider: Provider = {
  provide: IMAGE_STORE,
  inject: [ENV],
  useFactory: (env: Env) => createImageStore(env),
};
