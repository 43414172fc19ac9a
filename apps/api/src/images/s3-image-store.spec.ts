import { loadEnv } from '../config/env';
import { createImageStore } from './image-store.provider';
import { LocalImageStore } from './local-image-store';
import { S3ImageStore, s3ImageStoreOptions } from './s3-image-store';

/** How often the AWS SDK was loaded, and what its client sent: a stand-in for the SDK, which stays unloaded. */
const mockSdk = { loads: 0, sent: [] as { command: string; input: unknown }[], answer: (): unknown => ({}) };

jest.mock('@aws-sdk/client-s3', () => {
  mockSdk.loads++;
  const command = (name: string) =>
    class {
      readonly name = name;
      constructor(readonly input: unknown) {}
    };
  return {
    S3Client: class {
      constructor(readonly config: unknown) {}
      async send(command: { name: string; input: unknown }) {
        mockSdk.sent.push({ command: command.name, input: command.input });
        return mockSdk.answer();
      }
    },
    GetObjectCommand: command('GetObject'),
    PutObjectCommand: command('PutObject'),
    ListObjectsV2Command: command('ListObjectsV2'),
    DeleteObjectsCommand: command('DeleteObjects'),
  };
});

const S3_ENV = {
  IMAGES_STORE: 's3',
  IMAGES_S3_BUCKET: 'site-images',
  IMAGES_S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
  IMAGES_S3_REGION: 'auto',
  IMAGES_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  IMAGES_S3_SECRET_ACCESS_KEY: 'example-secret',
};
const s3Failure = (name: string, status: number) =>
  Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });

describe('the S3 image store', () => {
  it('is what IMAGES_STORE=s3 picks, from the IMAGES_S3_* variables; local stays the default', () => {
    expect(createImageStore(loadEnv({}))).toBeInstanceOf(LocalImageStore);
    expect(createImageStore(loadEnv(S3_ENV))).toBeInstanceOf(S3ImageStore);
    expect(s3ImageStoreOptions(loadEnv(S3_ENV))).toEqual({
      bucket: 'site-images',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      region: 'auto',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example-secret' },
    });
    expect(() => s3ImageStoreOptions({ ...loadEnv(S3_ENV), IMAGES_S3_ACCESS_KEY_ID: undefined })).toThrow(
      'IMAGES_S3_ACCESS_KEY_ID is required with IMAGES_STORE=s3',
    );
  });

  it('loads the AWS SDK on its first request only, once', async () => {
    const store = createImageStore(loadEnv(S3_ENV));
    expect(mockSdk.loads).toBe(0);
    mockSdk.answer = () => {
      throw s3Failure('NoSuchKey', 404);
    };
    await expect(store.get('0123456789abcdef0123/320.webp')).resolves.toBeNull();
    await expect(store.get('0123456789abcdef0123/640.webp')).resolves.toBeNull();
    expect(mockSdk.loads).toBe(1);
    expect(mockSdk.sent).toEqual([
      { command: 'GetObject', input: { Bucket: 'site-images', Key: '0123456789abcdef0123/320.webp' } },
      { command: 'GetObject', input: { Bucket: 'site-images', Key: '0123456789abcdef0123/640.webp' } },
    ]);
  });

  it("names the operation, bucket and key with the server's code, or the connection's error", async () => {
    const store = createImageStore(loadEnv(S3_ENV));
    mockSdk.answer = () => {
      throw s3Failure('AccessDenied', 403);
    };
    await expect(store.put('0123456789abcdef0123/og.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      'S3 image store: put s3://site-images/0123456789abcdef0123/og.jpg failed: AccessDenied (HTTP 403)',
    );
    mockSdk.answer = () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
    };
    await expect(store.removeImage('0123456789abcdef0123')).rejects.toThrow(
      'S3 image store: list s3://site-images/0123456789abcdef0123/ failed: connect ECONNREFUSED 127.0.0.1:9000',
    );
  });
});
