import {
  apiPaths,
  type LiveCheckResult,
  type LiveState,
  type PageModel,
  pageModelUrl,
  type Playlist,
  type Video,
  type VideoDetail,
} from '@app/contracts';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { ChannelEntity } from '../src/channel/channel.entity';
import { Clock } from '../src/common/clock';
import { ImageEntity } from '../src/images/image.entity';
import { PlaylistVideoEntity } from '../src/playlists/playlist-video.entity';
import { VideoEntity } from '../src/videos/video.entity';
import { ImageMirrorService, RECHECK_MS } from '../src/images/image-mirror.service';
import { BANNER_WIDTH } from '../src/images/image-sources';
import { IMAGE_STORE, type ImageStore } from '../src/images/image-store';
import { SOURCE_FILE } from '../src/images/image-variants';
import { SiteImagesService } from '../src/images/site-images.service';
import type { FakeYouTube } from './support/fake-youtube';
import { startStack, type Stack } from './support/stack';
import type { TestApp } from './support/test-app';
import { startYouTubeImages, type YouTubeImages } from './support/youtube-images';

describe('The sync brings the images home', () => {
  let images: YouTubeImages;
  let stack: Stack & { youtube: FakeYouTube };
  let t: TestApp;
  let admin: TestAgent;
  let fake: FakeYouTube;

  beforeAll(async () => {
    images = await startYouTubeImages();
    stack = await startStack({
      youtube: { videos: 12, playlists: 2 },
      env: { YOUTUBE_IMAGES_BASE_URL: images.url },
    });
    ({ t, admin, youtube: fake } = stack);
  });
  afterAll(async () => {
    await stack?.close();
    await images?.stop();
  });

  const mirror = () => t.app.get(ImageMirrorService);
  const rows = () => t.dataSource.getRepository(ImageEntity).find({ order: { kind: 'ASC', ref: 'ASC' } });
  const row = (kind: string, ref: string) =>
    t.dataSource.getRepository(ImageEntity).findOneByOrFail({ kind: kind as 'video', ref });
  /** The synced videos that have a thumbnail URL. */
  const withThumbnails = async () =>
    (await t.dataSource.getRepository(VideoEntity).find()).filter((v) => v.thumbnail !== null);
  const syncAndFetch = async () => {
    await admin.post('/api/sync/youtube').expect(200);
    await mirror().idle();
  };

  it('fetches the best size YouTube has of every video, each playlist, the avatar and the banner, and serves its files', async () => {
    await syncAndFetch();
    const videos = await withThumbnails();
    expect(videos.length).toBeGreaterThan(6);
    const stored = await rows();
    expect(
      stored
        .filter((r) => r.kind === 'video')
        .map((r) => r.ref)
        .sort(),
    ).toEqual(videos.map((v) => v.id).sort());
    expect(stored.filter((r) => r.kind === 'playlist')).toHaveLength(2);
    expect(stored.filter((r) => r.kind === 'avatar')).toHaveLength(1);
    expect(stored.filter((r) => r.kind === 'banner')).toHaveLength(1);
    expect(stored.every((r) => r.status === 'ready')).toBe(true);
    for (const video of videos) {
      const image = stored.find((r) => r.kind === 'video' && r.ref === video.id)!;
      const hd = video.id.charCodeAt(0) % 2 === 0;
      // maxres when YouTube has it, else sd (640×480): the first size that exists, whatever size the API named.
      expect([image.fetchedUrl, image.width, image.widths]).toEqual(
        hd
          ? [`https://i.ytimg.com/vi/${video.id}/maxresdefault.jpg`, 1280, '320,640,1280']
          : [`https://i.ytimg.com/vi/${video.id}/sddefault.jpg`, 640, '320,640'],
      );
      expect(image.color).toMatch(/^#[0-9a-f]{6}$/);
    }
    const one = stored.find((r) => r.kind === 'video')!;
    // The sync stores the source; a file is made when a page first asks for it.
    const store = t.app.get<ImageStore>(IMAGE_STORE);
    expect((await store.get(`${one.hash}/${SOURCE_FILE}`))?.body.length).toBe(one.bytes);
    expect(await store.get(`${one.hash}/og.jpg`)).toBeNull();
    const og = await request(t.server).get(`/images/${one.hash}/og.jpg`).expect(200);
    expect(og.headers['content-type']).toBe('image/jpeg');
    await request(t.server)
      .get(`/images/${one.hash}/320.avif`)
      .expect(200)
      .expect('Content-Type', 'image/avif');
    // Only YouTube's image hosts were asked, through YOUTUBE_IMAGES_BASE_URL.
    expect(
      images.requests.every((r) =>
        /^(i\d?\.ytimg\.com|yt3\.ggpht\.com|yt3\.googleusercontent\.com)\//.test(r),
      ),
    ).toBe(true);
  });

  it('carries each ready image beside its thumbnail in every public answer, one query per list', async () => {
    const stored = await rows();
    const pathOf = (kind: string, ref: string) => {
      const hash = stored.find((r) => r.kind === kind && r.ref === ref)?.hash;
      return hash ? `/images/${hash}` : null;
    };
    const lookups = jest.spyOn(t.app.get(SiteImagesService), 'of');
    try {
      const videos = (await request(t.server).get('/api/videos').expect(200)).body as Video[];
      expect(lookups).toHaveBeenCalledTimes(1);
      expect(videos.map((v) => v.image?.path ?? null)).toEqual(videos.map((v) => pathOf('video', v.id)));
      expect(videos.filter((v) => v.image).length).toBeGreaterThan(6);
      const one = videos.find((v) => v.image)!;
      expect(one.image).toEqual({
        path: pathOf('video', one.id),
        width: expect.any(Number),
        height: expect.any(Number),
        widths: expect.arrayContaining([320]),
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      });

      // oEmbed names the widest JPEG of the site's copy within the consumer's limits.
      const oembed = await request(t.server)
        .get('/oembed')
        .query({ url: `http://site.example/videos/${one.id}`, maxwidth: '700' })
        .set('Host', 'site.example')
        .expect(200);
      expect(oembed.body).toMatchObject({
        thumbnail_url: `http://site.example${one.image!.path}/640.jpg`,
        thumbnail_width: 640,
        thumbnail_height: Math.round((640 * one.image!.height) / one.image!.width),
      });

      lookups.mockClear();
      const playlists = (await request(t.server).get('/api/playlists').expect(200)).body as Playlist[];
      expect(lookups).toHaveBeenCalledTimes(1);
      expect(playlists.map((p) => p.image?.path)).toEqual(playlists.map((p) => pathOf('playlist', p.id)));

      lookups.mockClear();
      const listed = stored.find((r) => r.kind === 'playlist')!;
      const items = await t.dataSource.getRepository(PlaylistVideoEntity).findBy({ playlistId: listed.ref });
      const inList = items.map((item) => item.videoId).find((id) => pathOf('video', id))!;
      const detail = (await request(t.server).get(`/api/videos/${inList}`).expect(200)).body as VideoDetail;
      // The video with its related videos, and its playlists.
      expect(lookups).toHaveBeenCalledTimes(2);
      expect(detail.image?.path).toBe(pathOf('video', inList));
      expect(detail.related.map((v) => v.image?.path ?? null)).toEqual(
        detail.related.map((v) => pathOf('video', v.id)),
      );
      expect(detail.playlists.map((p) => p.image?.path)).toContain(pathOf('playlist', listed.ref));

      lookups.mockClear();
      const home = (await request(t.server).get(pageModelUrl('/')).expect(200)).body as PageModel;
      // Every video of `/` (latest, featured, Shorts) in one query (the live state has no stream to ask for).
      expect(lookups.mock.calls.filter(([kind, ids]) => kind === 'video' && ids.length)).toHaveLength(1);
      if (home.kind !== 'home') throw new Error(`/ is a ${home.kind} page`);
      expect(home.data.videos.items.map((v) => v.image?.path ?? null)).toEqual(
        home.data.videos.items.map((v) => pathOf('video', v.id)),
      );
    } finally {
      lookups.mockRestore();
    }
  });

  it("carries a live or scheduled stream's image: its video's", async () => {
    const scheduled = await fake.moveStream({ state: 'upcoming' });
    await syncAndFetch();
    const { hash } = await row('video', scheduled.id);
    const live = (await request(t.server).get('/api/live').expect(200)).body as LiveState;
    expect(live.upcoming).toMatchObject({ id: scheduled.id, image: { path: `/images/${hash}` } });
    const checked = (await admin.post('/api/sync/live-check').expect(200)).body as LiveCheckResult;
    expect(checked.state.upcoming?.image?.path).toBe(`/images/${hash}`);
  });

  it('asks a ready image again only after a day, with its ETag, and replaces a changed one', async () => {
    const [video] = await withThumbnails();
    const before = await row('video', video.id);
    const requested = images.requests.length;
    await syncAndFetch();
    expect(images.requests.length).toBe(requested);

    images.change(video.id);
    // A day later (the admin's session would have ended: the mirror is started as a sync starts it).
    const later = Date.now() + RECHECK_MS + 60_000;
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => later);
    try {
      mirror().kick();
      await mirror().idle();
    } finally {
      jest.restoreAllMocks();
    }
    const asked = images.requests.slice(requested);
    // Its own size once (the ETag no longer matches), every other image once, answered 304.
    expect(asked.filter((r) => r.includes(video.id))).toEqual([before.fetchedUrl!.replace('https://', '')]);
    const after = await row('video', video.id);
    expect(after.hash).not.toBe(before.hash);
    expect(after.status).toBe('ready');
    const stillUsed = (await rows()).some((r) => r.hash === before.hash);
    expect(stillUsed).toBe(false);
    await request(t.server).get(`/images/${before.hash}/og.jpg`).expect(404);
    await request(t.server).get(`/images/${after.hash}/og.jpg`).expect(200);
  });

  it('removes the image of a video that is gone, files and all', async () => {
    const stored = await rows();
    const playlistHashes = new Set(stored.filter((r) => r.kind === 'playlist').map((r) => r.hash));
    const video = (await withThumbnails()).find((v) => {
      const image = stored.find((r) => r.kind === 'video' && r.ref === v.id);
      return image && !playlistHashes.has(image.hash);
    })!;
    const { hash } = await row('video', video.id);
    await fake.removeVideos([video.id]);
    await syncAndFetch();
    expect(
      await t.dataSource.getRepository(ImageEntity).findOneBy({ kind: 'video', ref: video.id }),
    ).toBeNull();
    await request(t.server).get(`/images/${hash}/og.jpg`).expect(404);
  });

  it('marks an image missing, with why, when YouTube has none at any size', async () => {
    const video = (await fake.addVideos(1))[0];
    images.remove(video.id);
    await syncAndFetch();
    const image = await row('video', video.id);
    expect(image.status).toBe('missing');
    expect(image.hash).toBeNull();
    expect(image.lastError).toMatch(
      /^YouTube has no image at any size \(maxresdefault\.jpg, .*default\.jpg: 404\)$/,
    );
  });

  it("brings the channel's banner home, wide enough for its 1280 px files; a removed one goes, files and all", async () => {
    const channel = await t.dataSource.getRepository(ChannelEntity).findOneByOrFail({ id: 1 });
    expect(channel.banner).toMatch(/^https:\/\/yt3\.googleusercontent\.com\/[^=]+$/);
    const banner = await row('banner', 'channel');
    expect(banner).toMatchObject({
      status: 'ready',
      sourceUrl: `${channel.banner}=w${BANNER_WIDTH}`,
      // The widest file's size: the 16:9 banner, asked wider than 1280, has every width.
      width: 1280,
      height: 720,
      widths: '320,640,1280',
    });
    const file = await request(t.server).get(`/images/${banner.hash}/1280.jpg`).expect(200);
    expect(file.headers['content-type']).toBe('image/jpeg');

    // The owner removes the banner: the next sync reads none, and its row and files go.
    await fake.setBanner(false);
    await syncAndFetch();
    expect((await t.dataSource.getRepository(ChannelEntity).findOneByOrFail({ id: 1 })).banner).toBeNull();
    expect(await t.dataSource.getRepository(ImageEntity).findOneBy({ kind: 'banner' })).toBeNull();
    await request(t.server).get(`/images/${banner.hash}/1280.jpg`).expect(404);

    // A banner YouTube names but does not answer is missing, listed with the channel's title.
    images.remove(new URL(channel.banner!).pathname.slice(1));
    await fake.setBanner(true);
    await syncAndFetch();
    expect((await row('banner', 'channel')).status).toBe('missing');
    const missing = (await admin.get(apiPaths.missingImages).expect(200)).body.items as { kind: string }[];
    expect(missing.filter((item) => item.kind === 'banner')).toEqual([
      expect.objectContaining({ ref: 'channel', title: channel.title, sourceUrl: banner.sourceUrl }),
    ]);
  });
});
