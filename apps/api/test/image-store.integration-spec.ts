/**
 * The image store's contract (src/images/image-store.ts), run against both backends: the local directory and the S3
 * store on a real S3-compatible server (Ceph's radosgw from tools/radosgw.ts; docs/image-storage.md says why that server). What one backend
 * does, the other must do too: the API above them does not know which one it has.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_FILE_PATTERN, IMAGE_HASH_PATTERN } from '@app/contracts';
import request from 'supertest';
import { loadEnv } from '../src/config/env';
import { IMAGE_STORE, type ImageStore } from '../src/images/image-store';
import { LocalImageStore } from '../src/images/local-image-store';
import { S3ImageStore, s3ImageStoreOptions } from '../src/images/s3-image-store';
import { type S3Env, startRadosGw } from './support/radosgw';
import { startTestApp, type TestApp } from './support/test-app';

const HASH = '0123456789abcdef0123';
/** Shares all but the last character with HASH: removing one must not touch the other. */
const NEIGHBOUR = '0123456789abcdef0124';
/** Every file of one image: three widths in three formats, and the share image. */
const FILES = ['320', '640', '1280'].flatMap((w) => [`${w}.avif`, `${w}.webp`, `${w}.jpg`]).concat('og.jpg');
const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
const typeOf = (file: string) => TYPES[file.split('.').pop()!];

interface Backend {
  name: string;
  /** A store on the shared storage, as another API process would open it. */
  open(): ImageStore;
}

let gateway: { env: S3Env; stop(): Promise<void> };
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'image-store-'));
  gateway = await startRadosGw();
}, 100_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await gateway?.stop();
});

/** The S3 store as the API builds it: from its environment (config/env.ts), as IMAGES_STORE=s3 reads it. */
const s3Store = (overrides: Partial<S3Env> = {}, pageSize?: number) =>
  new S3ImageStore({
    ...s3ImageStoreOptions(loadEnv({ IMAGES_STORE: 's3', ...gateway.env, ...overrides })),
    pageSize,
  });

const backends: Backend[] = [
  { name: 'local directory', open: () => new LocalImageStore(dir) },
  { name: 'S3 (radosgw)', open: () => s3Store() },
];

describe.each(backends)('image store contract: $name', (backend) => {
  /** A fresh image hash per test, so the tests do not see each other's files. */
  const freshHash = () => randomBytes(10).toString('hex');

  it('uses keys the contract allows', () => {
    expect(IMAGE_HASH_PATTERN.test(HASH) && IMAGE_HASH_PATTERN.test(NEIGHBOUR)).toBe(true);
    for (const file of FILES) expect(file).toMatch(IMAGE_FILE_PATTERN);
  });

  it('puts and gets a file with its type; another process reads it; a missing file is null', async () => {
    const hash = freshHash();
    const [one, other] = [backend.open(), backend.open()];
    const body = randomBytes(3000);
    await one.put(`${hash}/320.webp`, body, 'image/webp');
    await expect(other.get(`${hash}/320.webp`)).resolves.toEqual({ body, contentType: 'image/webp' });
    await expect(other.get(`${hash}/640.webp`)).resolves.toBeNull();
    await expect(other.get(`${freshHash()}/320.webp`)).resolves.toBeNull();
  });

  it('replaces a file whole', async () => {
    const hash = freshHash();
    const store = backend.open();
    await store.put(`${hash}/og.jpg`, Buffer.alloc(50_000, 1), 'image/jpeg');
    await store.put(`${hash}/og.jpg`, Buffer.from('short'), 'image/jpeg');
    expect((await backend.open().get(`${hash}/og.jpg`))?.body.toString()).toBe('short');
  });

  it('removes every file of an image and nothing of another; removing it again is no error', async () => {
    const store = backend.open();
    for (const hash of [HASH, NEIGHBOUR]) {
      await Promise.all(FILES.map((file) => store.put(`${hash}/${file}`, Buffer.from(file), typeOf(file))));
    }
    await store.removeImage(HASH);
    for (const file of FILES) {
      await expect(store.get(`${HASH}/${file}`)).resolves.toBeNull();
      await expect(store.get(`${NEIGHBOUR}/${file}`)).resolves.toEqual({
        body: Buffer.from(file),
        contentType: typeOf(file),
      });
    }
    await expect(store.removeImage(HASH)).resolves.toBeUndefined();
    await store.removeImage(NEIGHBOUR);
    await expect(store.get(`${NEIGHBOUR}/og.jpg`)).resolves.toBeNull();
  });

  it('keeps a big file byte for byte', async () => {
    const hash = freshHash();
    const body = randomBytes(12 * 1024 * 1024);
    await backend.open().put(`${hash}/1280.avif`, body, 'image/avif');
    const read = await backend.open().get(`${hash}/1280.avif`);
    expect(read?.body.length).toBe(body.length);
    expect(read?.body.equals(body)).toBe(true);
  }, 30_000);

  it('concurrent writers of one key (two processes) leave one whole body', async () => {
    const hash = freshHash();
    const stores = [backend.open(), backend.open()];
    const bodies = Array.from({ length: 16 }, (_, i) => Buffer.alloc(300_000, i + 1));
    await Promise.all(bodies.map((body, i) => stores[i % 2].put(`${hash}/640.jpg`, body, 'image/jpeg')));
    const stored = (await stores[1].get(`${hash}/640.jpg`))!.body;
    expect(bodies.some((body) => body.equals(stored))).toBe(true);
  });

  it('refuses to remove what is not an image hash', async () => {
    await expect(backend.open().removeImage('..')).rejects.toThrow('not an image hash');
  });
});

describe('S3 image store on radosgw', () => {
  it('removes an image listed over several pages, each deleted in one batch', async () => {
    const store = s3Store({}, 3);
    await Promise.all(FILES.map((file) => store.put(`${HASH}/${file}`, Buffer.from(file), typeOf(file))));
    await store.removeImage(HASH);
    for (const file of FILES) await expect(store.get(`${HASH}/${file}`)).resolves.toBeNull();
  });

  it('fails with the bucket, key and server error, never the secret; a missing bucket is an error, not a missing file', async () => {
    const secret = gateway.env.IMAGES_S3_SECRET_ACCESS_KEY;
    const wrongSecret = `${secret}x`;
    const refused = s3Store({ IMAGES_S3_SECRET_ACCESS_KEY: wrongSecret });
    const error = (await refused
      .put(`${HASH}/og.jpg`, Buffer.from('x'), 'image/jpeg')
      .catch((e) => e)) as Error;
    expect(error.message).toMatch(
      /^S3 image store: put s3:\/\/images\/0123456789abcdef0123\/og\.jpg failed: \w+ \(HTTP 403\)$/,
    );
    expect(error.message).not.toContain(wrongSecret);
    const noBucket = s3Store({ IMAGES_S3_BUCKET: 'no-such-bucket' });
    await expect(noBucket.get(`${HASH}/og.jpg`)).rejects.toThrow(
      'S3 image store: get s3://no-such-bucket/0123456789abcdef0123/og.jpg failed: NoSuchBucket (HTTP 404)',
    );
  });
});

describe('the API with IMAGES_STORE=s3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SEED_DEMO_CONTENT: 'false', IMAGES_STORE: 's3', ...gateway.env } });
  });
  afterAll(() => t?.close());

  it('serves /images/… from the bucket', async () => {
    const hash = randomBytes(10).toString('hex');
    const body = randomBytes(2000);
    // Written by another process's store, straight into the bucket: the app can only have it from there.
    await s3Store().put(`${hash}/640.webp`, body, 'image/webp');
    const res = await request(t.server).get(`/images/${hash}/640.webp`).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(Buffer.from(res.body as Buffer)).toEqual(body);
    expect(t.app.get(IMAGE_STORE)).toBeInstanceOf(S3ImageStore);
    await request(t.server).get(`/images/${hash}/320.webp`).expect(404);
  });
});
