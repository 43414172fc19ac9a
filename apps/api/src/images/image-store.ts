/**
 * Where the site's own images live (`/images/<hash>/<file>`, libs/contracts/src/site-image.ts): one interface, two
 * backends. `local-image-store.ts` keeps them in a directory (the default: under the data directory, shared by every
 * API process of one machine); `s3-image-store.ts` in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph),
 * for sites that outgrow one machine. `image-store.provider.ts` picks one from the environment.
 *
 * Keys are `<hash>/<file>` as `IMAGE_HASH_PATTERN` and `IMAGE_FILE_PATTERN` allow, checked by the caller: a
 * backend never sees a key that could point outside the store.
 */
export interface StoredImage {
  body: Buffer;
  contentType: string;
}

export interface ImageStore {
  /** Stores a file, replacing one of the same key; when it resolves, every process reads the whole file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredImage | null>;
  /** Removes every file under `<hash>/` (none there is not an error). */
  removeImage(hash: string): Promise<void>;
}

export const IMAGE_STORE = Symbol('ImageStore');
