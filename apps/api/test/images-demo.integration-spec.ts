import { apiPaths, IMAGES_PATH, missingImagesSchema, type Playlist, type Video } from '@app/contracts';
import request from 'supertest';
import { DEMO_MISSING_MAXRES_VIDEO_ID, DEMO_VIDEO_COUNT } from '../src/demo/demo-content';
import { DEMO_MISSING_IMAGE_REASON } from '../src/demo/demo-seed.service';
import { ImageEntity } from '../src/images/image.entity';
import { IMAGE_STORE, type ImageStore } from '../src/images/image-store';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp, usingMysql } from './support/test-app';

/**
 * The demo's images take the path a real channel's do (the image table, the variants, the store, `/images/…`),
 * with no network: their sources are drawn by the site, and their files made when a page first asks for them.
 */
describe("the demo's images", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('carries an image of the site for every demo video and playlist but the one without a thumbnail', async () => {
    const videos = (await request(t.server).get(`${apiPaths.videos}?limit=100`).expect(200)).body as Video[];
    expect(videos).toHaveLength(DEMO_VIDEO_COUNT);
    const without = videos.filter((v) => !v.image).map((v) => v.id);
    expect(without).toEqual([DEMO_MISSING_MAXRES_VIDEO_ID]);
    for (const video of videos.filter((v) => v.image)) {
      expect(video.image).toEqual({
        path: expect.stringMatching(/^\/images\/[0-9a-f]{20}$/),
        width: 640,
        height: 360,
        widths: [320, 640],
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      });
    }
    // Items of the same colours share one image: a handful of them, not one per video.
    expect(new Set(videos.map((v) => v.image?.path).filter(Boolean)).size).toBeLessThanOrEqual(6);
    const playlists = (await request(t.server).get(apiPaths.playlists).expect(200)).body as Playlist[];
    expect(playlists.map((p) => Boolean(p.image))).toEqual(playlists.map((p) => p.thumbnail !== null));
  });

  it("gives the sitemap each video's own share image, and the stored thumbnail where it has none", async () => {
    const videos = (await request(t.server).get(`${apiPaths.videos}?limit=100`).expect(200)).body as Video[];
    const xml = (await request(t.server).get('/sitemap.xml').expect(200)).text;
    const thumbnails = [
      ...xml.matchAll(/<loc>[^<]*\/videos\/([^<]+)<\/loc>[\s\S]*?<video:thumbnail_loc>([^<]+)</g),
    ];
    const byId = new Map(thumbnails.map(([, id, url]) => [id, url]));
    expect(byId.size).toBe(DEMO_VIDEO_COUNT);
    for (const video of videos) {
      const url = byId.get(video.id)!;
      if (video.image) expect(url).toMatch(new RegExp(`^https?://[^/]+${video.image.path}/og\\.jpg$`));
      else expect(url).toBe(video.thumbnail);
    }
  });

  it('makes each file when first asked for, that file only, and serves it from the store after', async () => {
    const [video] = (await request(t.server).get(apiPaths.videos).expect(200)).body as Video[];
    const hash = video.image!.path.slice(IMAGES_PATH.length + 1);
    const store = t.app.get<ImageStore>(IMAGE_STORE);
    expect(await store.get(`${hash}/640.avif`)).toBeNull();
    const avif = await request(t.server).get(`${video.image!.path}/640.avif`).expect(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    const { default: sharp } = await import('sharp');
    const meta = await sharp(avif.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([640, 360]);
    expect(await store.get(`${hash}/640.avif`)).not.toBeNull();
    for (const file of ['320.webp', '320.jpg', 'og.jpg'])
      expect(await store.get(`${hash}/${file}`)).toBeNull();
    // A width the source does not reach is no file of it.
    await request(t.server).get(`${video.image!.path}/1280.avif`).expect(404);
    await request(t.server)
      .get(`${video.image!.path}/320.jpg`)
      .expect(200)
      .expect('Content-Type', 'image/jpeg');
  });

  it('lists the video without a thumbnail as missing, and its answer says image null', async () => {
    const admin = await signedInAgent(t.server);
    const { items } = missingImagesSchema.parse((await admin.get(apiPaths.missingImages).expect(200)).body);
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'video',
        ref: DEMO_MISSING_MAXRES_VIDEO_ID,
        title: 'Thumbnails Without Maxres: Fallbacks Explained',
        reason: DEMO_MISSING_IMAGE_REASON,
      }),
    ]);
    const detail = await request(t.server).get(apiPaths.video(DEMO_MISSING_MAXRES_VIDEO_ID)).expect(200);
    expect(detail.body.image).toBeNull();
  });

  it('keeps its images through a restart and makes none again', async () => {
    const rows = () => t.dataSource.getRepository(ImageEntity).find({ order: { kind: 'ASC', ref: 'ASC' } });
    const before = await rows();
    const first = t as TestApp & { sqlitePath?: string };
    await first.app.close();
    try {
      t = await startTestApp({
        reuse: usingMysql() ? {} : { sqlitePath: first.sqlitePath },
        resetDatabase: false,
      });
      expect(await rows()).toEqual(before);
    } finally {
      await first.close().catch(() => undefined);
    }
  });
});
