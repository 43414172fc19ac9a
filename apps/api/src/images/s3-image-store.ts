import type { S3Client } from '@aws-sdk/client-s3';
import { IMAGE_HASH_PATTERN } from '@app/contracts';
import type { Env } from '../config/env';
import type { ImageStore, StoredImage } from './image-store';

type S3Sdk = typeof import('@aws-sdk/client-s3');

export interface S3ImageStoreOptions {
  bucket: string;
  /** An S3-compatible server (Cloudflare R2, MinIO, Ceph radosgw); unset: AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO and radosgw usually need it). */
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Keys listed and deleted per request when an image is removed (S3 allows at most 1000). */
  pageSize?: number;
}

type S3Variables = Pick<
  Env,
  | 'IMAGES_S3_BUCKET'
  | 'IMAGES_S3_ENDPOINT'
  | 'IMAGES_S3_REGION'
  | 'IMAGES_S3_FORCE_PATH_STYLE'
  | 'IMAGES_S3_ACCESS_KEY_ID'
  | 'IMAGES_S3_SECRET_ACCESS_KEY'
>;

/**
 * The S3 store's settings from the `IMAGES_S3_*` variables (`IMAGES_STORE=s3`). config/env.ts refuses to start
 * without the bucket and the key pair; this names the variable again for a caller that skipped it.
 */
export function s3ImageStoreOptions(env: S3Variables): S3ImageStoreOptions {
  const required = (name: 'IMAGES_S3_BUCKET' | 'IMAGES_S3_ACCESS_KEY_ID' | 'IMAGES_S3_SECRET_ACCESS_KEY') => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required with IMAGES_STORE=s3`);
    return value;
  };
  return {
    bucket: required('IMAGES_S3_BUCKET'),
    endpoint: env.IMAGES_S3_ENDPOINT,
    region: env.IMAGES_S3_REGION,
    forcePathStyle: env.IMAGES_S3_FORCE_PATH_STYLE,
    credentials: {
      accessKeyId: required('IMAGES_S3_ACCESS_KEY_ID'),
      secretAccessKey: required('IMAGES_S3_SECRET_ACCESS_KEY'),
    },
  };
}

/**
 * The image store in an S3-compatible bucket: one object per file, `<hash>/<file>`. A PutObject replaces an object
 * whole, so every API process (on any machine) reads the whole old file or the whole new one.
 *
 * The AWS SDK is loaded on the first request, not with the API: a site on the local store never loads it.
 *
 * Errors name the operation, bucket and key and the server's error code, never the credentials (the SDK's own
 * messages do not carry them either; its request signer is not logged).
 */
export class S3ImageStore implements ImageStore {
  private readonly bucket: string;
  private readonly pageSize: number;
  private sdk?: Promise<{ s3: S3Sdk; client: S3Client }>;

  constructor(private readonly options: S3ImageStoreOptions) {
    this.bucket = options.bucket;
    this.pageSize = Math.min(options.pageSize ?? 1000, 1000);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.call('put', key, ({ s3, client }) =>
      client.send(
        new s3.PutObjectCommand({
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
    const answer = await this.call('get', key, ({ s3, client }) =>
      client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: key })).catch((error: unknown) => {
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }),
    );
    if (!answer) return null;
    const body = Buffer.from(await answer.Body!.transformToByteArray());
    return { body, contentType: answer.ContentType ?? 'application/octet-stream' };
  }

  /** Lists `<hash>/` a page at a time and deletes each page in one request. */
  async removeImage(hash: string): Promise<void> {
    if (!IMAGE_HASH_PATTERN.test(hash)) throw new Error(`not an image hash: ${hash}`);
    const prefix = `${hash}/`;
    let token: string | undefined;
    do {
      const page = await this.call('list', prefix, ({ s3, client }) =>
        client.send(
          new s3.ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            MaxKeys: this.pageSize,
            ContinuationToken: token,
          }),
        ),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const deleted = await this.call('delete', prefix, ({ s3, client }) =>
          client.send(
            new s3.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
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

  /** The SDK and a client, made on the first request. */
  private connect(): Promise<{ s3: S3Sdk; client: S3Client }> {
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        endpoint: this.options.endpoint,
        region: this.options.region,
        forcePathStyle: this.options.forcePathStyle,
        credentials: this.options.credentials,
        // Checksums only where S3 requires them (DeleteObjects): not every S3-compatible server accepts the SDK's
        // newer default, a CRC32 on every upload and download.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.sdk;
  }

  private async call<T>(
    operation: string,
    key: string,
    send: (sdk: { s3: S3Sdk; client: S3Client }) => Promise<T>,
  ): Promise<T> {
    try {
      return await send(await this.connect());
    } catch (error) {
      throw this.failure(operation, key, error);
    }
  }

  private failure(operation: string, key: string, error: unknown): Error {
    // An answer of the server (S3ServiceException) has its code and HTTP status; anything else (a refused
    // connection, a timeout) its message.
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason = status ? `${(error as Error).name} (HTTP ${status})` : (error as Error).message;
    return new Error(`S3 image store: ${operation} s3://${this.bucket}/${key} failed: ${reason}`, {
      cause: error,
    });
  }
}
