import type { Provider } from '@nestjs/common';
import { dirname, join, resolve } from 'node:path';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { IMAGE_STORE, type ImageStore } from './image-store';
import { LocalImageStore } from './local-image-store';

/** The local store's directory: IMAGES_DIR, else `images` beside the SQLite file (the data directory). */
export function localImagesDir(env: Pick<Env, 'IMAGES_DIR' | 'SQLITE_PATH'>): string {
  return resolve(env.IMAGES_DIR ?? join(dirname(env.SQLITE_PATH), 'images'));
}

/**
 * The image store the environment names: `IMAGES_STORE=local` (the default) or `s3` (an S3-compatible bucket,
 * `s3-image-store.ts`, configured by the `IMAGES_S3_*` variables).
 */
export function createImageStore(env: Env): ImageStore {
  switch (env.IMAGES_STORE) {
    case 's3':
      // The S3 backend (s3-image-store.ts) is built from the IMAGES_S3_* variables here.
      throw new Error('IMAGES_STORE=s3: the S3 image store is not available in this build');
    case 'local':
      return new LocalImageStore(localImagesDir(env));
  }
}

export const imageStoreProvider: Provider = {
  provide: IMAGE_STORE,
  inject: [ENV],
  useFactory: (env: Env) => createImageStore(env),
};
