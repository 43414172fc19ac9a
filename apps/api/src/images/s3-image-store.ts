import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { IMAGE_HASH_PATTERN } from '@app/contracts';
import type { Env } from '../config/env';
import type { ImageStore, StoredImage } from './image-store';

export interface S3ImageStoreOptions {
  bucket: string;
  /** An S3-compatible server (Cloudflare R2, MinIO, Ceph radosgw); unset: AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO and radosgw usually need it). */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (an instance role, ~/.aws, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Keys listed and deleted per request when an image is removed (S3 allows at most 1000). */
  pageSize?: number;
}

/** The S3 store's settings from the `IMAGES_S3_*` variables (`IMAGES_STORE=s3`). */
export function s3ImageStoreOptions(
  env: Pick<
    Env,
    | 'IMAGES_S3_BUCKET'
    | 'IMAGES_S3_ENDPOINT'
    | 'IMAGES_S3_REGION'
    | 'IMAGES_S3_FORCE_PATH_STYLE'
    | 'IMAGES_S3_ACCESS_KEY_ID'
    | 'IMAGES_S3_SECRET_ACCESS_KEY'
  >,
): S3ImageStoreOptions {
  if (!env.IMAGES_S3_BUCKET) throw new Error('IMAGES_STORE=s3 needs IMAGES_S3_BUCKET');
  const { IMAGES_S3_ACCESS_KEY_ID: accessKeyId, IMAGES_S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      'IMAGES_S3_ACCESS_KEY_ID and IMAGES_S3_SECRET_ACCESS_KEY go together: set both or neither',
    );
  }
  return {
    bucket: env.IMAGES_S3_BUCKET,
    endpoint: env.IMAGES_S3_ENDPOINT,
    region: env.IMAGES_S3_REGION,
    forcePathStyle: env.IMAGES_S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/**
 * The image store in an S3-compatible bucket: one object per file, `<hash>/<file>`. A PutObject replaces an object
 * whole, so every API process (on any machine) reads the whole old file or the whole new one.
 *
 * Errors name the operation, bucket and key and the server's error code, never the credentials (the SDK's own
 * messages do not carry them either; its request signer is not logged).
 */
export class S3ImageStore implements ImageStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly pageSize: number;

  constructor(options: S3ImageStoreOptions) {
    this.bucket = options.bucket;
    this.pageSize = Math.min(options.pageSize ?? 1000, 1000);
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only where S3 requires them (DeleteObjects): the servers this store is for do not all accept the
      // SDK's newer default (a CRC32 trailer on every upload).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.call('put', key, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredImage | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = Buffer.from(await answer.Body!.transformToByteArray());
      return { body, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw this.failure('get', key, error);
    }
  }

  /** Lists `<hash>/` a page at a time and deletes each page in one request. */
  async removeImage(hash: string): Promise<void> {
    if (!IMAGE_HASH_PATTERN.test(hash)) throw new Error(`not an image hash: ${hash}`);
    const prefix = `${hash}/`;
    let token: string | undefined;
    do {
      const page = await this.call('list', prefix, () =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            MaxKeys: this.pageSize,
            ContinuationToken: token,
          }),
        ),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const deleted = await this.call('delete', prefix, () =>
          this.client.send(
            new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
          ),
        );
        const refused = deleted.Errors ?? [];
        if (refused.length > 0) {
          const first = refused[0];
          throw new Error(
            `S3 image store: delete of ${refused.length} file(s) under s3://${this.bucket}/${prefix} refused (${first.Key}: ${first.Code})`,
          );
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private async call<T>(operation: string, key: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw this.failure(operation, key, error);
    }
  }

  private failure(operation: string, key: string, error: unknown): Error {
    const reason =
      error instanceof S3ServiceException
        ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`
        : (error as Error).message;
    return new Error(`S3 image store: ${operation} s3://${this.bucket}/${key} failed: ${reason}`, {
      cause: error,
    });
  }
}
