import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Backup, Playlist, SiteImage, Video } from '@app/contracts';
import { type RunningFakeYouTube, startFakeYouTube } from '../fake-youtube/server';
import { ApiClient, type ApiProcess, startApi } from '../lib/api-process';

/** What each format's files start with. */
const MAGIC: Record<string, (bytes: Buffer) => boolean> = {
  avif: (bytes) => bytes.subarray(4, 12).toString('latin1') === 'ftypavif',
  webp: (bytes) =>
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString() === 'WEBP',
  jpg: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
};

const hashOf = (image: { path: string } | null) => image?.path.split('/').pop();

/**
 * Two API processes on one machine share one image directory (IMAGES_DIR) and one database: they fetch the same
 * images at once and remove the same ones at once, and every file stays whole, every image is stored once, and
 * nothing another process still needs is removed (apps/api/src/images/image-files.service.ts says how).
 */
describe('two API processes share one image directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reliability-images-'));
  const imagesDir = join(dir, 'images');
  let fake: RunningFakeYouTube;
  let a: ApiProcess;
  let b: ApiProcess;
  let onA: ApiClient;
  let onB: ApiClient;

  beforeAll(async () => {
    fake = await startFakeYouTube({ videos: 6, playlists: 1, seed: 47 });
    const env = {
      SQLITE_PATH: join(dir, 'shared.sqlite'),
      IMAGES_DIR: imagesDir,
      SEED_DEMO_CONTENT: 'false',
      YOUTUBE_API_KEY: 'reliability-key',
      YOUTUBE_API_BASE_URL: fake.url,
      YOUTUBE_IMAGES_BASE_URL: fake.imagesBaseUrl,
      YOUTUBE_CHANNEL_ID: fake.channel.info.id,
    };
    // One after the other: the first one migrates the database.
    a = await startApi(env);
    b = await startApi(env);
    onA = new ApiClient(a.url);
    expect((await onA.login()).status).toBe(200);
    onB = onA.against(b.url);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const videos = async () => (await onB.request('GET', '/api/videos?limit=100')).body as Video[];
  const playlists = async () => (await onB.request('GET', '/api/playlists')).body as Playlist[];

  /** Waits until every video and playlist with a thumbnail has its image (both processes fetch them). */
  async function allReady(): Promise<Set<string>> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const items = [...(await videos()), ...(await playlists())].filter((item) => item.thumbnail);
      if (items.every((item) => item.image)) return new Set(items.map((item) => hashOf(item.image)!));
      if (Date.now() > deadline) throw new Error('the images were not all fetched in 90 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * Every image folder holds its source (a fetched JPEG) and the files asked for so far, nothing else (no temporary
   * file); for an image in `asked`, every file was asked for: each width it has in every format, and og.jpg (the
   * avatar, which no answer here shows, keeps its source alone).
   */
  function expectWholeFolders(asked: Set<string>): string[] {
    const hashes = readdirSync(imagesDir);
    for (const hash of hashes) {
      const files = readdirSync(join(imagesDir, hash)).sort();
      const widths = [...new Set(files.filter((f) => /^\d+\./.test(f)).map((f) => f.split('.')[0]))];
      const expected = asked.has(hash)
        ? [
            ...widths.flatMap((w) => ['avif', 'webp', 'jpg'].map((f) => `${w}.${f}`)),
            'og.jpg',
            'source',
          ].sort()
        : ['source'];
      expect({ hash, files }).toEqual({ hash, files: expected });
      expect(MAGIC.jpg(readFileSync(join(imagesDir, hash, 'source')))).toBe(true);
    }
    return hashes;
  }

  /** Every file of each image (`widths` from its answer), asked of both processes at once. */
  async function askBoth(images: SiteImage[]): Promise<void> {
    const names = (image: SiteImage) => [
      ...image.widths.flatMap((w) => ['avif', 'webp', 'jpg'].map((f) => `${w}.${f}`)),
      'og.jpg',
    ];
    const answers = await Promise.all(
      images.flatMap((image) =>
        names(image).flatMap((file) =>
          [a, b].map(async (api) => {
            const res = await fetch(`${api.url}${image.path}/${file}`);
            return { image, file, status: res.status, body: Buffer.from(await res.arrayBuffer()) };
          }),
        ),
      ),
    );
    for (const { image, file, status, body } of answers) {
      expect({ file, status }).toEqual({ file, status: 200 });
      const onDisk = readFileSync(join(imagesDir, hashOf(image)!, file));
      expect(MAGIC[file.split('.')[1]](onDisk)).toBe(true);
      // Both made it, or one did and the other read it: the same bytes either way, whole.
      expect(body.equals(onDisk)).toBe(true);
    }
  }

  it('fetch the same images at once, and make the same files at once: each file whole, each image stored once, served alike by both', async () => {
    expect((await onA.request('POST', '/api/sync/youtube')).status).toBe(200);
    // A's drain has started; B's starts on the same pending rows at once.
    expect((await onB.request('POST', '/api/admin/images/retry', {})).status).toBe(200);
    const shown = await allReady();
    expect(expectWholeFolders(new Set())).toEqual(expect.arrayContaining([...shown]));
    const images = [...(await videos()), ...(await playlists())].flatMap((item) =>
      item.image ? [item.image] : [],
    );
    await askBoth([...new Map(images.map((image) => [image.path, image])).values()]);
    expectWholeFolders(shown);
  });

  it('remove what is gone once, from both at once, and keep what the other still shows', async () => {
    const backup = (await onA.request('GET', '/api/admin/export')).body as Backup;
    const before = await videos();
    const gone = before.slice(0, 2);
    const goneIds = new Set(gone.map((video) => video.id));
    const smaller: Backup = {
      ...backup,
      videos: backup.videos.filter((video) => !goneIds.has(video.id)),
      playlists: backup.playlists.map((p) => ({
        ...p,
        videoIds: p.videoIds?.filter((id) => !goneIds.has(id)),
      })),
    };
    const answers = await Promise.all([
      onA.request('POST', '/api/admin/import', smaller),
      onB.request('POST', '/api/admin/import', smaller),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const kept = await allReady();
    expectWholeFolders(kept);
    for (const video of gone) {
      const hash = hashOf(video.image)!;
      if (!kept.has(hash)) expect(existsSync(join(imagesDir, hash))).toBe(false);
    }
    for (const hash of kept) {
      for (const api of [a, b]) expect((await fetch(`${api.url}/images/${hash}/og.jpg`)).status).toBe(200);
    }
    expect(a.output() + b.output()).not.toMatch(/ERROR/);
  });
});
