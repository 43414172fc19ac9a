import { type PageModel, pageModelUrl, type VideoDetail, videoDetailSchema } from '@app/contracts';
import request from 'supertest';
import { PRIVATE_CACHE_CONTROL } from '../src/content-cache/cache-control';
import { PlaylistVideoEntity } from '../src/playlists/playlist-video.entity';
import { PlaylistEntity } from '../src/playlists/playlist.entity';
import { VideoEntity } from '../src/videos/video.entity';
import { LiveStreamEntity } from '../src/youtube/live-stream.entity';
import { signedInAgent } from './support/auth';
import { pageHeadOf, pageModelOf } from './support/page-model';
import { startTestApp, type TestApp } from './support/test-app';
import { xmlTexts } from './support/xml-text';

const HOST = 'site.example';
const ORIGIN = `http://${HOST}`;

function video(id: string, kind: VideoEntity['kind'], day: number, extra: Partial<VideoEntity> = {}) {
  return {
    id,
    title: `Title of ${id}`,
    description: `Full description of ${id}\nsecond line`,
    thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    duration: '4:13',
    durationSeconds: 253,
    viewCount: 1000 + day,
    // Far in the future, so these are the newest videos of the demo channel.
    publishedAt: new Date(Date.UTC(2040, 0, day, 12)),
    featured: false,
    kind,
    ...extra,
  };
}

describe('watch pages: video detail, oEmbed, page head, sitemap and rss links (issue 15)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.dataSource
      .getRepository(VideoEntity)
      .insert([
        video('w-main', 'video', 10),
        video('w-list-a', 'video', 1),
        video('w-list-b', 'short', 2, { duration: '0:42', durationSeconds: 42 }),
        video('w-list-c', 'video', 3),
        video('w-other', 'video', 4),
        video('w-new-1', 'video', 20),
        video('w-new-2', 'video', 21),
        video('w-live', 'live', 22, { duration: 'LIVE', durationSeconds: 0 }),
        video('w-short', 'short', 23, { duration: '0:30', durationSeconds: 30, description: null }),
        video('w-replay', 'replay', 24, { duration: '1:30:00', durationSeconds: 5400 }),
      ]);
    await t.dataSource.getRepository(PlaylistEntity).insert([
      {
        id: 'PL-w-second',
        title: 'Second list',
        thumbnail: null,
        videoCount: 2,
        pinned: false,
        position: 90,
      },
      {
        id: 'PL-w-first',
        title: 'First list',
        thumbnail: 'https://i.ytimg.com/vi/x/hq.jpg',
        videoCount: 4,
        pinned: false,
        position: 80,
      },
    ]);
    await t.dataSource.getRepository(PlaylistVideoEntity).insert([
      { playlistId: 'PL-w-first', videoId: 'w-list-a', position: 0 },
      { playlistId: 'PL-w-first', videoId: 'w-main', position: 1 },
      { playlistId: 'PL-w-first', videoId: 'w-list-b', position: 2 },
      { playlistId: 'PL-w-first', videoId: 'w-list-c', position: 3 },
      { playlistId: 'PL-w-second', videoId: 'w-main', position: 0 },
      { playlistId: 'PL-w-second', videoId: 'w-other', position: 1 },
    ]);
    await t.dataSource.getRepository(LiveStreamEntity).insert({
      id: 'w-live',
      title: 'Title of w-live',
      thumbnail: null,
      state: 'live',
      scheduledStartTime: new Date('2040-01-22T11:00:00Z'),
      actualStartTime: new Date('2040-01-22T11:02:00Z'),
    });
    await t.dataSource.getRepository(LiveStreamEntity).insert({
      id: 'w-replay',
      title: 'Title of w-replay',
      thumbnail: null,
      state: 'ended',
      scheduledStartTime: null,
      actualStartTime: new Date('2040-01-24T10:00:00Z'),
      actualEndTime: new Date('2040-01-24T11:30:00Z'),
    });
  });
  afterAll(() => t.close());

  describe('GET /api/videos/{id}', () => {
    it('answers the video with its full description, its playlists and related videos, never itself', async () => {
      const res = await request(t.server).get('/api/videos/w-main').expect(200);
      const body: VideoDetail = videoDetailSchema.parse(res.body);
      expect(body).toMatchObject({
        id: 'w-main',
        title: 'Title of w-main',
        description: 'Full description of w-main\nsecond line',
        duration: '4:13',
        durationSeconds: 253,
        viewCount: 1010,
        publishedAt: '2040-01-10T12:00:00.000Z',
        kind: 'video',
        live: null,
      });
      // In the platform's order.
      expect(body.playlists).toEqual([
        { id: 'PL-w-first', title: 'First list', thumbnail: 'https://i.ytimg.com/vi/x/hq.jpg', image: null },
        { id: 'PL-w-second', title: 'Second list', thumbnail: null, image: null },
      ]);
      const related = body.related.map((v) => v.id);
      // Its playlists' videos first (those after it, through the next playlist, then those before it), then
      // the newest videos of its kind.
      expect(related.slice(0, 4)).toEqual(['w-list-b', 'w-list-c', 'w-other', 'w-list-a']);
      expect(related.slice(4, 6)).toEqual(['w-new-2', 'w-new-1']);
      expect(related).toHaveLength(8);
      expect(related).not.toContain('w-main');
      expect(new Set(related).size).toBe(related.length);
      expect(body.related.slice(4).every((v) => v.kind === 'video')).toBe(true);
    });

    it('never lists the video itself among its related ones, for any video', async () => {
      for (const id of ['w-list-a', 'w-other', 'w-short', 'w-new-2']) {
        const res = await request(t.server).get(`/api/videos/${id}`).expect(200);
        const related = (res.body as VideoDetail).related.map((v) => v.id);
        expect({ id, self: related.includes(id), max: related.length <= 8 }).toEqual({
          id,
          self: false,
          max: true,
        });
      }
      const short = (await request(t.server).get('/api/videos/w-short').expect(200)).body as VideoDetail;
      expect(short.playlists).toEqual([]);
      expect(short.related.every((v) => v.kind === 'short')).toBe(true);
    });

    it('gives a live stream its live details', async () => {
      const res = await request(t.server).get('/api/videos/w-live').expect(200);
      expect(res.body.live).toEqual({
        state: 'live',
        scheduledStartTime: '2040-01-22T11:00:00.000Z',
        actualStartTime: '2040-01-22T11:02:00.000Z',
        actualEndTime: null,
      });
    });

    it('gives a replay the actual start and end of its stream', async () => {
      const res = await request(t.server).get('/api/videos/w-replay').expect(200);
      expect(videoDetailSchema.parse(res.body).live).toEqual({
        state: 'ended',
        scheduledStartTime: null,
        actualStartTime: '2040-01-24T10:00:00.000Z',
        actualEndTime: '2040-01-24T11:30:00.000Z',
      });
    });

    it('leaves Shorts out of related videos while the site hides them', async () => {
      const admin = await signedInAgent(t.server);
      await admin.post('/api/settings/hideShorts').send({ value: true }).expect(200);
      try {
        const res = await request(t.server).get('/api/videos/w-main').expect(200);
        expect((res.body as VideoDetail).related.map((v) => v.kind)).not.toContain('short');
        expect((res.body as VideoDetail).related[0]?.id).toBe('w-list-c');
      } finally {
        await admin.post('/api/settings/hideShorts').send({ value: false }).expect(200);
      }
    });

    it('is 404 with the error shape for an unknown id, 400 naming the id for a malformed one', async () => {
      const missing = await request(t.server).get('/api/videos/nope-nope').expect(404);
      expect(missing.body).toEqual({
        statusCode: 404,
        message: 'Video nope-nope not found',
        error: 'Not Found',
      });
      for (const bad of ['bad%20id', 'a.b', 'x'.repeat(33)]) {
        const res = await request(t.server).get(`/api/videos/${bad}`).expect(400);
        expect(res.body.message).toMatch(/^id: /);
      }
      // The featured video keeps its own route.
      await request(t.server).get('/api/videos/featured').expect(200);
    });
  });

  describe('GET /oembed', () => {
    const oembed = (query: Record<string, string>) =>
      request(t.server).get('/oembed').query(query).set('Host', HOST);
    const url = `${ORIGIN}/videos/w-main`;

    it('answers oEmbed 1.0 JSON for a watch page URL, with the nocookie player at 560x315', async () => {
      const res = await oembed({ url, format: 'json' }).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      // Without PUBLIC_URL its links follow the Host: only the asker's own cache may keep it.
      expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
      expect(res.body).toMatchObject({
        type: 'video',
        version: '1.0',
        title: 'Title of w-main',
        author_name: expect.any(String),
        author_url: `${ORIGIN}/`,
        provider_name: expect.any(String),
        provider_url: `${ORIGIN}/`,
        thumbnail_url: 'https://i.ytimg.com/vi/w-main/hqdefault.jpg',
        thumbnail_width: 480,
        thumbnail_height: 360,
        width: 560,
        height: 315,
      });
      expect(res.body.author_name.length).toBeGreaterThan(0);
      expect(res.body.html).toMatch(
        /^<iframe width="560" height="315" src="https:\/\/www\.youtube-nocookie\.com\/embed\/w-main" title="Title of w-main" [^>]*allowfullscreen><\/iframe>$/,
      );
      // format defaults to json; a trailing slash names the same page.
      expect((await oembed({ url: `${url}/` }).expect(200)).body.title).toBe('Title of w-main');
    });

    it('fits the player in maxwidth and maxheight at 16:9, and the thumbnail too or leaves it out', async () => {
      let res = await oembed({ url, maxwidth: '320' }).expect(200);
      expect(res.body).toMatchObject({
        width: 320,
        height: 180,
        thumbnail_width: 320,
        thumbnail_height: 180,
      });
      expect(res.body.html).toContain('width="320" height="180"');
      res = await oembed({ url, maxwidth: '1280', maxheight: '400' }).expect(200);
      expect(res.body).toMatchObject({ width: 711, height: 400, thumbnail_width: 480 });
      res = await oembed({ url, maxwidth: '1280' }).expect(200);
      expect(res.body).toMatchObject({ width: 1280, height: 720 });
      res = await oembed({ url, maxheight: '100' }).expect(200);
      expect(res.body).toMatchObject({ width: 177, height: 100, thumbnail_width: 120, thumbnail_height: 90 });
      res = await oembed({ url, maxwidth: '100' }).expect(200);
      expect(res.body).toMatchObject({ width: 100, height: 56 });
      expect(res.body.thumbnail_url).toBeUndefined();
      expect(res.body.thumbnail_width).toBeUndefined();
    });

    it('is 404 for a URL of another site, another path or an unknown video', async () => {
      for (const other of [
        'http://other.example/videos/w-main',
        `${ORIGIN}/`,
        `${ORIGIN}/videos/w-main/extra`,
        `${ORIGIN}/admin`,
        `${ORIGIN}/videos/unknown-id`,
      ]) {
        const res = await oembed({ url: other });
        expect({ other, status: res.status }).toEqual({ other, status: 404 });
        expect(res.body.statusCode).toBe(404);
      }
    });

    it('is 501 for format=xml, as the spec says', async () => {
      const res = await oembed({ url, format: 'xml' }).expect(501);
      expect(res.body).toEqual({
        statusCode: 501,
        message: 'format: only json is served',
        error: 'Not Implemented',
      });
    });

    it('is 400 naming the field for a missing or malformed parameter', async () => {
      const cases: [Record<string, string>, RegExp][] = [
        [{}, /^url: /],
        [{ url: 'not a url' }, /^url: /],
        [{ url: 'ftp://site.example/videos/w-main' }, /^url: /],
        [{ url, format: 'yaml' }, /^format: /],
        [{ url, maxwidth: 'wide' }, /^maxwidth: /],
        [{ url, maxheight: '0' }, /^maxheight: /],
      ];
      for (const [query, message] of cases) {
        const res = await oembed(query).expect(400);
        expect(res.body.message).toMatch(message);
      }
    });
  });

  describe("a watch page's head (the page model of /videos/{id})", () => {
    it("prints the watch page's head: title, canonical, Open Graph video, player card, oEmbed link, JSON-LD", async () => {
      const res = await request(t.server).get(pageModelUrl('/videos/w-main')).set('Host', HOST).expect(200);
      expect(res.headers['cache-control']).toMatch(/^private, /);
      const html = (res.body as PageModel).head;
      expect(html).toMatch(/<title>Title of w-main - [^<]+<\/title>/);
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/videos/w-main" />`);
      expect(html).toContain('<meta property="og:type" content="video.other" />');
      expect(html).toContain(
        '<meta property="og:video" content="https://www.youtube-nocookie.com/embed/w-main" />',
      );
      expect(html).toContain(
        '<meta property="og:image" content="https://i.ytimg.com/vi/w-main/hqdefault.jpg" />',
      );
      expect(html).toContain('<meta name="twitter:card" content="player" />');
      expect(html).toContain(
        '<meta name="twitter:player" content="https://www.youtube-nocookie.com/embed/w-main" />',
      );
      expect(html).toContain('<meta name="twitter:player:width" content="1280" />');
      expect(html).toContain(
        `<link rel="alternate" type="application/json+oembed" href="${ORIGIN}/oembed?url=${encodeURIComponent(`${ORIGIN}/videos/w-main`)}&amp;format=json"`,
      );
      const [, json] = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html) ?? [];
      expect(JSON.parse(json as string)).toMatchObject({
        '@type': 'VideoObject',
        name: 'Title of w-main',
        uploadDate: '2040-01-10T12:00:00.000Z',
        duration: 'PT4M13S',
        embedUrl: 'https://www.youtube-nocookie.com/embed/w-main',
        url: `${ORIGIN}/videos/w-main`,
        interactionStatistic: { userInteractionCount: 1010 },
      });
    });

    it('publishes a live stream and a replay by a BroadcastEvent, a replay with its start and end', async () => {
      const jsonLd = async (id: string) => {
        const html = await pageHeadOf(t.server, `/videos/${id}`, HOST);
        const [, json] = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html) ?? [];
        return JSON.parse(json as string);
      };
      expect(await jsonLd('w-replay')).toMatchObject({
        '@type': 'VideoObject',
        duration: 'PT1H30M',
        publication: {
          '@type': 'BroadcastEvent',
          isLiveBroadcast: true,
          startDate: '2040-01-24T10:00:00.000Z',
          endDate: '2040-01-24T11:30:00.000Z',
        },
      });
      expect((await jsonLd('w-live')).publication).toEqual({
        '@type': 'BroadcastEvent',
        isLiveBroadcast: true,
        startDate: '2040-01-22T11:02:00.000Z',
      });
      expect((await jsonLd('w-main')).publication).toBeUndefined();
    });

    it("is the site's head with a 404 for an unknown video, 400 for a malformed path; / has its own", async () => {
      const missing = await pageModelOf(t.server, '/videos/nope-nope');
      expect(missing.status).toBe(404);
      expect(missing.head).not.toContain('VideoObject');
      const bad = await request(t.server).get(pageModelUrl('/videos/a b')).expect(400);
      expect(JSON.stringify(bad.body.message)).toContain('path');
      const home = await pageHeadOf(t.server);
      // The head of / names / as its canonical URL (not a watch page).
      expect(home).toMatch(/<link rel="canonical" href="http:\/\/[^"/]+\/" \/>/);
      expect(home).toContain('<meta property="og:type" content="website" />');
    });
  });

  describe('what playlists hold, in a backup', () => {
    it('exports each playlist with its videos in order and imports them back (an older backup without holds none)', async () => {
      const admin = await signedInAgent(t.server);
      const backup = (await admin.get('/api/admin/export').expect(200)).body;
      const first = backup.playlists.find((p: { id: string }) => p.id === 'PL-w-first');
      expect(first.videoIds).toEqual(['w-list-a', 'w-main', 'w-list-b', 'w-list-c']);
      await admin.post('/api/admin/import').send(backup).expect(200);
      let detail = (await request(t.server).get('/api/videos/w-main').expect(200)).body as VideoDetail;
      expect(detail.playlists.map((p) => p.id)).toEqual(['PL-w-first', 'PL-w-second']);

      const older = {
        ...backup,
        playlists: backup.playlists.map(({ videoIds: _, ...p }: { videoIds: string[] }) => p),
      };
      await admin.post('/api/admin/import').send(older).expect(200);
      detail = (await request(t.server).get('/api/videos/w-main').expect(200)).body as VideoDetail;
      expect(detail.playlists).toEqual([]);
      // Back to the state the other tests expect.
      await admin.post('/api/admin/import').send(backup).expect(200);
    });
  });

  describe('sitemap.xml and rss.xml', () => {
    it('lists / and a watch page per video, each with a valid video entry', async () => {
      const res = await request(t.server).get('/sitemap.xml').set('Host', HOST).expect(200);
      const count = await t.dataSource.getRepository(VideoEntity).count();
      const urls = res.text.split('<url>').slice(1);
      expect(urls).toHaveLength(count + 1);
      expect(xmlTexts(urls[0] as string, 'loc')).toEqual([`${ORIGIN}/`]);
      expect(urls[0]).not.toContain('<video:video>');
      const ids = await t.dataSource.getRepository(VideoEntity).find({ select: { id: true } });
      const locs = xmlTexts(res.text, 'loc').slice(1);
      expect([...locs].sort()).toEqual(ids.map((v) => `${ORIGIN}/videos/${v.id}`).sort());
      for (const url of urls.slice(1)) {
        const [loc] = xmlTexts(url, 'loc');
        const id = (loc as string).slice(`${ORIGIN}/videos/`.length);
        expect(url.match(/<video:video>/g)).toHaveLength(1);
        expect(xmlTexts(url, 'video:player_loc')).toEqual([`https://www.youtube-nocookie.com/embed/${id}`]);
        expect(xmlTexts(url, 'video:thumbnail_loc')[0]).toMatch(/^https?:\/\//);
        expect((xmlTexts(url, 'video:title')[0] ?? '').length).toBeGreaterThan(0);
        expect((xmlTexts(url, 'video:description')[0] ?? '').length).toBeGreaterThan(0);
        expect(xmlTexts(url, 'video:publication_date')[0]).toMatch(
          /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/,
        );
        expect(xmlTexts(url, 'video:view_count')[0]).toMatch(/^\d+$/);
        for (const duration of xmlTexts(url, 'video:duration')) {
          expect(Number(duration)).toBeGreaterThanOrEqual(1);
          expect(Number(duration)).toBeLessThanOrEqual(28_800);
        }
      }
      const main = urls.find((url) => url.includes(`<loc>${ORIGIN}/videos/w-main</loc>`)) as string;
      expect(xmlTexts(main, 'video:duration')).toEqual(['253']);
      expect(xmlTexts(main, 'video:view_count')).toEqual(['1010']);
      expect(xmlTexts(main, 'video:publication_date')).toEqual(['2040-01-10T12:00:00.000Z']);
      // A stream has no duration yet.
      const live = urls.find((url) => url.includes(`<loc>${ORIGIN}/videos/w-live</loc>`)) as string;
      expect(xmlTexts(live, 'video:duration')).toEqual([]);
    });

    it('links every rss item to its watch page and keeps the id as its guid', async () => {
      const res = await request(t.server).get('/rss.xml').set('Host', HOST).expect(200);
      const items = res.text.split('<item>').slice(1);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        const [guid] = xmlTexts(item, 'guid');
        expect(xmlTexts(item, 'link')).toEqual([`${ORIGIN}/videos/${guid}`]);
      }
      expect(res.text).toContain(`<link>${ORIGIN}/videos/w-short</link>`);
    });
  });

  describe('the site name, one rule for every answer', () => {
    const names = async () => {
      const get = (path: string) => request(t.server).get(path).set('Host', HOST);
      const [rss, oembed, head] = await Promise.all([
        get('/rss.xml').expect(200),
        get(`/oembed?url=${encodeURIComponent(`${ORIGIN}/videos/w-main`)}`).expect(200),
        pageHeadOf(t.server, '/', HOST),
      ]);
      return {
        rss: /<channel>\s*<title>(?:<!\[CDATA\[)?([^<\]]*)/.exec(rss.text)?.[1],
        oembed: (oembed.body as { provider_name: string }).provider_name,
        head: /<title>([^<]*)<\/title>/.exec(head)?.[1],
      };
    };

    it('trims the admin’s title in the RSS feed, oEmbed and the page head alike, and a blank one is the channel’s', async () => {
      const admin = await signedInAgent(t.server);
      try {
        await admin.post('/api/settings/siteTitle').send({ value: '  Spaced Site  ' }).expect(200);
        expect(await names()).toEqual({ rss: 'Spaced Site', oembed: 'Spaced Site', head: 'Spaced Site' });
        await admin.post('/api/settings/siteTitle').send({ value: '   ' }).expect(200);
        const blank = await names();
        expect(blank.rss).toBe(blank.oembed);
        expect(blank.head).toBe(blank.rss);
        expect(blank.rss?.trim()).toBe(blank.rss);
        expect(blank.rss).not.toBe('');
      } finally {
        await admin.post('/api/settings/siteTitle').send({ value: '' }).expect(200);
      }
    });
  });
});
