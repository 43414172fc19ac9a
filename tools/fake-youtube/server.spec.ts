import sharp from 'sharp';
import { FakeChannel, isoDuration } from './channel';
import { parseArgs, type RunningFakeYouTube, startFakeYouTube } from './server';

// Answers are checked with toEqual / toMatchObject; their static types add nothing here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = any;

describe('fake YouTube Data API', () => {
  let fake: RunningFakeYouTube;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}/${path}${path.includes('?') ? '&' : '?'}key=k`, { headers });
  const json = async (path: string): Promise<Answer> => (await get(path)).json();

  beforeAll(async () => {
    fake = await startFakeYouTube({ videos: 120, playlists: 7, apiKey: 'k' });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.resetStats();
    fake.setFaults([]);
  });

  it('generates the same channel for the same seed', () => {
    const a = new FakeChannel({ videos: 50, playlists: 3, seed: 7 });
    const b = new FakeChannel({ videos: 50, playlists: 3, seed: 7 });
    expect(a.videos).toEqual(b.videos);
    expect(a.playlists).toEqual(b.playlists);
    expect(new Set(a.videos.map((v) => v.id)).size).toBe(50);
    expect(new FakeChannel({ videos: 50, playlists: 3, seed: 8 }).info.id).not.toBe(a.info.id);
  });

  it('writes ISO 8601 durations like YouTube', () => {
    expect(isoDuration(245)).toBe('PT4M5S');
    expect(isoDuration(3723)).toBe('PT1H2M3S');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(93_600)).toBe('P1DT2H');
    expect(isoDuration(0)).toBe('P0D');
  });

  it('finds the channel by id or handle with string statistics, and answers no items otherwise', async () => {
    const { info } = fake.channel;
    const byHandle = await json('channels?part=snippet,contentDetails,statistics&forHandle=@fakechannel');
    expect(byHandle.items[0]).toMatchObject({
      kind: 'youtube#channel',
      id: info.id,
      etag: expect.any(String),
      snippet: { customUrl: '@fakechannel', thumbnails: { default: { width: 88 } } },
      contentDetails: { relatedPlaylists: { uploads: info.uploadsPlaylistId } },
      statistics: { videoCount: '120', hiddenSubscriberCount: true },
    });
    // A hidden count is left out, not sent as 0.
    expect(byHandle.items[0].statistics).not.toHaveProperty('subscriberCount');
    expect(info.subscriberCount).toBeNull();
    expect((await json(`channels?part=id&id=${info.id}`)).items).toHaveLength(1);
    const none = await json('channels?part=snippet&id=UCnobody');
    expect(none.items).toBeUndefined();
    expect(none.pageInfo.totalResults).toBe(0);
  });

  it('pages the uploads with pageToken, 5 by default and 50 at most', async () => {
    const uploads = fake.channel.info.uploadsPlaylistId;
    expect((await json(`playlistItems?part=contentDetails&playlistId=${uploads}`)).items).toHaveLength(5);
    const ids: string[] = [];
    let token = '';
    let pages = 0;
    do {
      const page = await json(
        `playlistItems?part=contentDetails&playlistId=${uploads}&maxResults=50${token ? `&pageToken=${token}` : ''}`,
      );
      ids.push(...page.items.map((i: { contentDetails: { videoId: string } }) => i.contentDetails.videoId));
      token = page.nextPageToken ?? '';
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(ids).toEqual(fake.channel.videos.map((v) => v.id));
    const tooMany = await get(`playlistItems?part=contentDetails&playlistId=${uploads}&maxResults=51`);
    expect(tooMany.status).toBe(400);
    const badToken = await get(`playlistItems?part=contentDetails&playlistId=${uploads}&pageToken=nope`);
    expect(((await badToken.json()) as Answer).error.errors[0].reason).toBe('invalidPageToken');
  });

  it('answers videos.list with durations, live state and statistics, and counts units per method', async () => {
    const ids = fake.channel.videos.slice(0, 3).map((v) => v.id);
    const page = await json(
      `videos?part=snippet,contentDetails,statistics,liveStreamingDetails&id=${ids.join(',')}`,
    );
    expect(page.items.map((v: { id: string }) => v.id)).toEqual(ids);
    // The newest is an upcoming premiere (with its length, as real premieres have), the third newest is live.
    expect(page.items[0].snippet.liveBroadcastContent).toBe('upcoming');
    expect(page.items[0].contentDetails.duration).toMatch(/^PT\d+M\d+S$/);
    expect(page.items[2].contentDetails.duration).toBe('P0D');
    expect(page.items[2]).toMatchObject({
      snippet: { liveBroadcastContent: 'live' },
      liveStreamingDetails: { concurrentViewers: '321' },
    });
    expect(page.items[1].contentDetails.duration).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
    expect(page.items[1].statistics.viewCount).toMatch(/^\d+$/);
    await get('search?part=snippet&q=x');
    expect(fake.stats()).toMatchObject({
      units: 101,
      unitsByMethod: { videos: 1, search: 100 },
      calls: { videos: 1, search: 1 },
    });
  });

  describe('answers as real channels do (issue 27)', () => {
    const allVideos = async (ids: string[]): Promise<Answer[]> => {
      const items: Answer[] = [];
      for (let i = 0; i < ids.length; i += 50) {
        const part = 'snippet,contentDetails,statistics,liveStreamingDetails,status';
        items.push(...(await json(`videos?part=${part}&id=${ids.slice(i, i + 50).join(',')}`)).items);
      }
      return items;
    };

    it('withholds statistics and thumbnails, and writes in every script', async () => {
      const videos = await allVideos(fake.channel.videos.map((v) => v.id));
      expect(videos).toHaveLength(120);
      const without = (key: string) => videos.filter((v) => v.statistics && !(key in v.statistics));
      expect(without('likeCount').length).toBeGreaterThan(0);
      expect(without('commentCount').length).toBeGreaterThan(0);
      expect(videos.filter((v) => !v.statistics).length).toBeGreaterThan(0);
      const sizes = videos.map((v) => Object.keys(v.snippet.thumbnails).sort().join(','));
      expect(sizes).toContain('default');
      expect(sizes).toContain('');
      expect(sizes).toContain('default,high,medium,standard');
      expect(sizes).toContain('default,high,maxres,medium,standard');
      const titles = videos.map((v) => v.snippet.title as string);
      expect(titles.some((t) => /\p{Extended_Pictographic}/u.test(t))).toBe(true);
      expect(titles.some((t) => /\p{Script=Han}|\p{Script=Hiragana}/u.test(t))).toBe(true);
      expect(titles.some((t) => /\p{Script=Arabic}/u.test(t))).toBe(true);
      expect(titles.some((t) => /\p{Script=Hebrew}/u.test(t))).toBe(true);
      expect(titles.every((t) => [...t].length <= 100)).toBe(true);
      const longest = Math.max(...videos.map((v) => (v.snippet.description as string).length));
      expect(longest).toBe(5000);
    });

    it('has processing uploads, a premiere with its length, a free chat, fractional times and days-long replays', async () => {
      const videos = await allVideos(fake.channel.videos.map((v) => v.id));
      const processing = videos.filter((v) => v.status.uploadStatus === 'uploaded');
      expect(processing.length).toBeGreaterThan(0);
      expect(processing.every((v) => v.contentDetails.duration === 'P0D')).toBe(true);
      expect(processing.every((v) => v.snippet.liveBroadcastContent === 'none')).toBe(true);
      const upcoming = videos.filter((v) => v.snippet.liveBroadcastContent === 'upcoming');
      expect(upcoming.map((v) => v.contentDetails.duration)).toEqual([expect.stringMatching(/^PT/), 'P0D']);
      // The free chat stays upcoming past its date, below the newest 50 uploads.
      const freeChat = upcoming[1];
      expect(fake.channel.videos.findIndex((v) => v.id === freeChat.id)).toBeGreaterThanOrEqual(50);
      expect(Date.parse(freeChat.liveStreamingDetails.scheduledStartTime)).toBeLessThan(
        Date.parse(videos[0].snippet.publishedAt),
      );
      const replays = videos.filter((v) => v.liveStreamingDetails?.actualEndTime);
      expect(replays.length).toBeGreaterThan(0);
      expect(replays.every((v) => /\.\d{3}Z$/.test(v.liveStreamingDetails.actualStartTime))).toBe(true);
      expect(replays.some((v) => /^P1DT/.test(v.contentDetails.duration))).toBe(true);
    });

    it('lists private and deleted items, other channels’ videos and duplicates in playlists', async () => {
      const playlist = fake.channel.playlists[0];
      const page = await json(
        `playlistItems?part=snippet,contentDetails,status&playlistId=${playlist.id}&maxResults=50`,
      );
      const items: Answer[] = page.items;
      const byTitle = (title: string) => items.find((i) => i.snippet.title === title);
      for (const [title, privacy] of [
        ['Private video', 'private'],
        ['Deleted video', 'privacyStatusUnspecified'],
      ]) {
        const item = byTitle(title);
        expect(item.snippet).not.toHaveProperty('videoOwnerChannelId');
        expect(item.snippet.thumbnails).toEqual({});
        expect(item.contentDetails).not.toHaveProperty('videoPublishedAt');
        expect(item.status.privacyStatus).toBe(privacy);
      }
      const owners = new Set(items.map((i) => i.snippet.videoOwnerChannelId).filter(Boolean));
      expect(owners.size).toBe(2);
      const ids = items.map((i) => i.contentDetails.videoId);
      expect(new Set(ids).size).toBeLessThan(ids.length);
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
      // Another channel's video is a video too; a private or deleted one is not in videos.list.
      const other = items.find(
        (i) => i.snippet.videoOwnerChannelId && i.snippet.videoOwnerChannelId !== fake.channel.info.id,
      );
      const found = await json(
        `videos?part=id&id=${other.contentDetails.videoId},${byTitle('Private video').contentDetails.videoId}`,
      );
      expect(found.items.map((v: Answer) => v.id)).toEqual([other.contentDetails.videoId]);
    });

    it('keeps a deleted video in its playlists as a "Deleted video" item, still counted', async () => {
      const channel = new FakeChannel({ videos: 30, playlists: 2 });
      const playlist = channel.playlists[1];
      const [gone] = playlist.items;
      const before = playlist.items.length;
      channel.removeVideos([gone!.videoId]);
      expect(channel.videos.map((v) => v.id)).not.toContain(gone!.videoId);
      expect(playlist.items).toHaveLength(before);
      expect(playlist.items[0]).toEqual({ videoId: gone!.videoId, status: 'deleted' });
    });
  });

  it('sends ETags and answers 304 to If-None-Match', async () => {
    const first = await get('playlists?part=snippet&channelId=' + fake.channel.info.id);
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(`"${((await first.json()) as Answer).etag}"`);
    const again = await get('playlists?part=snippet&channelId=' + fake.channel.info.id, {
      'If-None-Match': etag,
    });
    expect(again.status).toBe(304);
    expect(fake.stats().notModified).toBe(1);
  });

  it('refuses a missing or wrong key with YouTube’s error body', async () => {
    const missing = await fetch(`${fake.url}/videos?part=id&id=x`);
    expect(missing.status).toBe(403);
    const wrong = await fetch(`${fake.url}/videos?part=id&id=x&key=other`);
    expect(await wrong.json()).toEqual({
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        errors: [
          {
            message: 'API key not valid. Please pass a valid API key.',
            domain: 'global',
            reason: 'badRequest',
          },
        ],
      },
    });
  });

  it('injects faults on the k-th call of a method: error, quota, slow, drop, malformed, redirect', async () => {
    const path = 'videos?part=id&id=' + fake.channel.videos[0].id;
    fake.setFaults([
      { method: 'videos', page: 2, type: 'error', status: 503 },
      { method: 'videos', page: 3, type: 'quota' },
      { method: 'videos', page: 4, type: 'slow', delayMs: 150 },
      { method: 'videos', page: 5, type: 'malformed' },
      { method: 'videos', page: 6, type: 'drop' },
      { method: 'videos', page: 7, type: 'redirect', location: 'http://169.254.169.254/' },
      { method: 'videos', page: 8, type: 'redirect', location: '/elsewhere', status: 307 },
    ]);
    expect((await get(path)).status).toBe(200);
    const failed = await get(path);
    expect(failed.status).toBe(503);
    expect(((await failed.json()) as Answer).error.errors[0].reason).toBe('backendError');
    const quota = await get(path);
    expect(quota.status).toBe(403);
    expect(((await quota.json()) as Answer).error).toMatchObject({
      code: 403,
      errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }],
    });
    const started = Date.now();
    expect((await get(path)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await expect((await get(path)).json()).rejects.toThrow();
    await expect(get(path)).rejects.toThrow();
    const redirect = await fetch(`${fake.url}/${path}&key=k`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([302, 'http://169.254.169.254/']);
    const temporary = await fetch(`${fake.url}/${path}&key=k`, { redirect: 'manual' });
    expect([temporary.status, temporary.headers.get('location')]).toEqual([307, '/elsewhere']);
    expect(() => fake.setFaults([{ method: 'videos', type: 'redirect' }])).toThrow(
      'a redirect fault needs a location',
    );
    expect(fake.stats().faultsFired).toBe(7);
  });

  it('is driven over HTTP too (the control API)', async () => {
    const control = (path: string, body?: unknown) =>
      fetch(`${fake.controlUrl}/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json() as Promise<Answer>);
    const added = await control('videos/add', { count: 2 });
    expect(added.videos).toHaveLength(2);
    expect((await control('channel')).videoIds.slice(0, 2)).toEqual(
      added.videos.map((v: { id: string }) => v.id),
    );
    expect(await control('videos/remove', { ids: [added.videos[0].id] })).toEqual({ removed: 1 });
    expect(await control('faults', [{ method: 'videos', type: 'quota' }])).toEqual({ faults: 1 });
    expect((await control('reset', {})).units).toBe(0);
    expect((await control('stats')).faultsFired).toBe(0);
  });

  it('moves a stream upcoming → live → ended over the control API, as videos.list shows it', async () => {
    const move = (body: unknown) =>
      fetch(`${fake.controlUrl}/stream`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const state = async (id: string) => {
      const [video] = (await json(`videos?part=snippet,contentDetails,liveStreamingDetails&id=${id}`)).items;
      return {
        live: video.snippet.liveBroadcastContent,
        duration: video.contentDetails.duration,
        details: video.liveStreamingDetails,
      };
    };
    const scheduled: Answer = await (
      await move({
        state: 'upcoming',
        at: '2030-01-01T10:00:00.000Z',
        scheduledStartTime: '2030-01-02T18:00:00Z',
      })
    ).json();
    expect(
      (
        await json(
          `playlistItems?part=contentDetails&playlistId=${fake.channel.info.uploadsPlaylistId}&maxResults=1`,
        )
      ).items[0].contentDetails.videoId,
    ).toBe(scheduled.id);
    expect(await state(scheduled.id)).toEqual({
      live: 'upcoming',
      duration: 'P0D',
      details: { scheduledStartTime: '2030-01-02T18:00:00Z' },
    });
    await move({ state: 'live', id: scheduled.id, at: '2030-01-02T18:01:00.000Z' });
    expect(await state(scheduled.id)).toMatchObject({
      live: 'live',
      duration: 'P0D',
      details: { actualStartTime: '2030-01-02T18:01:00.000Z' },
    });
    await move({ state: 'ended', id: scheduled.id, at: '2030-01-02T19:03:03.000Z' });
    expect(await state(scheduled.id)).toEqual({
      live: 'none',
      duration: 'PT1H2M3S',
      details: {
        scheduledStartTime: '2030-01-02T18:00:00Z',
        actualStartTime: '2030-01-02T18:01:00.000Z',
        actualEndTime: '2030-01-02T19:03:03.000Z',
      },
    });
    expect((await move({ state: 'sideways' })).status).toBe(400);
    expect((await move({ state: 'live', id: 'nope' })).status).toBe(400);
  });

  describe('image hosts (issue 47)', () => {
    let images: RunningFakeYouTube;
    beforeAll(async () => {
      images = await startFakeYouTube({ videos: 30, playlists: 3, apiKey: 'k' });
    });
    afterAll(() => images.close());
    beforeEach(() => images.resetStats());

    /** `https://<host>/<path>` as YOUTUBE_IMAGES_BASE_URL maps it onto the fake. */
    const image = (url: string, headers: Record<string, string> = {}) =>
      fetch(url.replace(/^https:\/\//, `${images.imagesBaseUrl}/`), { headers });
    const jpeg = async (response: Response) => {
      const bytes = Buffer.from(await response.arrayBuffer());
      const { format, width, height } = await sharp(bytes).metadata();
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        format,
        width,
        height,
        bytes,
      };
    };
    const snippets = async (): Promise<Answer[]> => {
      const ids = images.channel.videos.map((v) => v.id).join(',');
      const answer: Answer = await (await fetch(`${images.url}/videos?part=snippet&key=k&id=${ids}`)).json();
      return answer.items;
    };
    const videoWith = (test: (sizes: string[]) => boolean) =>
      snippets().then((items) => items.find((v) => test(Object.keys(v.snippet.thumbnails)))!);
    /** YouTube's answer for a thumbnail it does not have: 404 and a 120×90 grey JPEG. */
    const GREY_404 = { status: 404, type: 'image/jpeg', format: 'jpeg', width: 120, height: 90 };

    it('serves every thumbnail videos.list lists, as real JPEGs of the size it names, and 404 for the others', async () => {
      const sizes = new Set<string>();
      // One video of each kind: every size, every size but maxres, only default, none.
      const kinds = new Map<string, Answer>();
      for (const video of await snippets()) kinds.set(Object.keys(video.snippet.thumbnails).join(), video);
      expect(kinds.size).toBe(4);
      for (const video of kinds.values()) {
        const listed = video.snippet.thumbnails as Record<
          string,
          { url: string; width: number; height: number }
        >;
        for (const name of ['default', 'mqdefault', 'hqdefault', 'sddefault', 'maxresdefault']) {
          const url = `https://i.ytimg.com/vi/${video.id}/${name}.jpg`;
          const entry = Object.values(listed).find((t) => t.url === url);
          const got = await jpeg(await image(url));
          if (entry) {
            sizes.add(name);
            expect({ ...got, bytes: undefined }).toEqual({
              status: 200,
              type: 'image/jpeg',
              format: 'jpeg',
              width: entry.width,
              height: entry.height,
              bytes: undefined,
            });
          } else {
            expect(got).toMatchObject(GREY_404);
          }
        }
      }
      expect([...sizes].sort()).toEqual(['default', 'hqdefault', 'maxresdefault', 'mqdefault', 'sddefault']);
    });

    it('letterboxes the 4:3 sizes between black bars, and gives each video its own colours on every host', async () => {
      const [a, b] = images.channel.videos.filter((v) => v.thumbnails === 'all');
      const hq = await jpeg(await image(`https://i.ytimg.com/vi/${a.id}/hqdefault.jpg`));
      const { data } = await sharp(hq.bytes).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * 480 + x) * 3, (y * 480 + x) * 3 + 3)];
      // 480×360 holds a 480×270 picture: 45 rows of black above and below.
      for (const y of [5, 354]) expect(Math.max(...pixel(240, y))).toBeLessThan(24);
      expect(Math.max(...pixel(240, 180))).toBeGreaterThan(60);
      const mq = await jpeg(await image(`https://i.ytimg.com/vi/${a.id}/mqdefault.jpg`));
      const top = await sharp(mq.bytes).extract({ left: 150, top: 2, width: 1, height: 1 }).raw().toBuffer();
      expect(Math.max(...top)).toBeGreaterThan(60);
      for (const host of ['i1', 'i2', 'i3', 'i4']) {
        const same = await jpeg(await image(`https://${host}.ytimg.com/vi/${a.id}/hqdefault.jpg`));
        expect(same.bytes.equals(hq.bytes)).toBe(true);
      }
      const other = await jpeg(await image(`https://i.ytimg.com/vi/${b.id}/hqdefault.jpg`));
      expect(other.bytes.equals(hq.bytes)).toBe(false);
    });

    it('answers a missing maxres, an unknown id, a deleted or private video with the grey 404, as i.ytimg.com does', async () => {
      const noMaxres = await videoWith((sizes) => sizes.includes('high') && !sizes.includes('maxres'));
      expect(
        await jpeg(await image(`https://i.ytimg.com/vi/${noMaxres.id}/maxresdefault.jpg`)),
      ).toMatchObject(GREY_404);
      expect(await jpeg(await image('https://i.ytimg.com/vi/nosuchvideo/hqdefault.jpg'))).toMatchObject(
        GREY_404,
      );
      expect(await jpeg(await image('https://i.ytimg.com/vi/x/hq720.jpg'))).toMatchObject(GREY_404);
      const privateItem = images.channel.playlists[0].items.find((i) => i.status === 'private')!;
      expect(
        await jpeg(await image(`https://i.ytimg.com/vi/${privateItem.videoId}/default.jpg`)),
      ).toMatchObject(GREY_404);
      // Another channel's video in a playlist has its images.
      const guest = images.channel.playlists[0].items.find((i) => i.owner)!;
      expect((await image(`https://i.ytimg.com/vi/${guest.videoId}/default.jpg`)).status).toBe(200);
      // An upload still processing answers the grey image with a 200 at every size it lists (YouTube may do that
      // too: a 120×90 answer for a larger size means missing).
      const processing = fake.channel.videos.find(
        (v) => v.uploadStatus === 'uploaded' && v.thumbnails === 'all',
      )!;
      const grey = await jpeg(
        await fetch(`${fake.imagesBaseUrl}/i.ytimg.com/vi/${processing.id}/hqdefault.jpg`),
      );
      expect(grey).toMatchObject({ ...GREY_404, status: 200 });
      // An empty playlist's thumbnail is the same grey image, found.
      expect(await jpeg(await image('https://i.ytimg.com/img/no_thumbnail.jpg'))).toMatchObject({
        ...GREY_404,
        status: 200,
      });
      const deleted = images.channel.videos[images.channel.videos.length - 1];
      expect((await image(`https://i.ytimg.com/vi/${deleted.id}/default.jpg`)).status).toBe(200);
      images.channel.removeVideos([deleted.id]);
      expect(await jpeg(await image(`https://i.ytimg.com/vi/${deleted.id}/default.jpg`))).toMatchObject(
        GREY_404,
      );
    });

    it('sends ETag and Last-Modified and answers 304 to either, as a CDN does', async () => {
      const video = images.channel.videos.find((v) => v.thumbnails === 'all')!;
      const url = `https://i.ytimg.com/vi/${video.id}/default.jpg`;
      const first = await image(url);
      const etag = first.headers.get('etag')!;
      const lastModified = first.headers.get('last-modified')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=7200');
      expect(Number(first.headers.get('content-length'))).toBe((await first.arrayBuffer()).byteLength);
      expect((await image(url, { 'If-None-Match': etag })).status).toBe(304);
      expect((await image(url, { 'If-Modified-Since': lastModified })).status).toBe(304);
      expect((await image(url, { 'If-None-Match': '"other"' })).status).toBe(200);
      const old = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await image(url, { 'If-Modified-Since': old })).status).toBe(200);
      expect(images.stats()).toMatchObject({ imageRequests: 5, imagesNotModified: 2, units: 0 });
    });

    it('serves the channel’s avatar at the sizes channels.list names, and its banner at any width', async () => {
      const answer = await fetch(
        `${images.url}/channels?part=snippet,brandingSettings&id=${images.channel.info.id}&key=k`,
      );
      const [channel] = ((await answer.json()) as Answer).items;
      for (const thumbnail of Object.values(channel.snippet.thumbnails) as Answer[]) {
        expect(await jpeg(await image(thumbnail.url))).toMatchObject({
          status: 200,
          width: thumbnail.width,
          height: thumbnail.width,
        });
      }
      const banner = channel.brandingSettings.image.bannerExternalUrl as string;
      expect(banner).toMatch(/^https:\/\/yt3\.googleusercontent\.com\//);
      const wide = `${banner}=w1280-fcrop64=1,00005a57ffffa5a8-k-c0xffffffff-no-nd-rj`;
      expect(await jpeg(await image(wide))).toMatchObject({ status: 200, width: 1280, height: 720 });
      expect(await jpeg(await image(banner))).toMatchObject({ status: 200, width: 512, height: 288 });
      const stranger = `https://yt3.ggpht.com/fake-UC${'x'.repeat(22)}=s88-c-k-c0x00ffffff-no-rj`;
      expect((await image(stranger)).status).toBe(404);

      // The owner removes the banner: channels.list names none, and its URL answers 404.
      const setBanner = (present: boolean) =>
        fetch(`${images.controlUrl}/banner`, { method: 'POST', body: JSON.stringify({ present }) });
      expect(await (await setBanner(false)).json()).toEqual({ banner: false });
      try {
        const without = await fetch(
          `${images.url}/channels?part=brandingSettings&id=${images.channel.info.id}&key=k`,
        );
        expect(((await without.json()) as Answer).items[0].brandingSettings.image).toBeUndefined();
        expect((await image(wide)).status).toBe(404);
      } finally {
        await setBanner(true);
      }
    });

    it('lets a test change a thumbnail (same URL, new bytes, new ETag, later Last-Modified) over the control API', async () => {
      const video = images.channel.videos[4];
      const url = `https://i.ytimg.com/vi/${video.id}/default.jpg`;
      const before = await image(url);
      const [etag, lastModified] = [before.headers.get('etag')!, before.headers.get('last-modified')!];
      const bytes = Buffer.from(await before.arrayBuffer());
      const change = (id: string) =>
        fetch(`${images.controlUrl}/images/change`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ id }),
        });
      const changed = await change(video.id);
      expect(await changed.json()).toEqual({ id: video.id, version: 1 });
      const after = await image(url, { 'If-None-Match': etag });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(Date.parse(after.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(lastModified));
      expect(Buffer.from(await after.arrayBuffer()).equals(bytes)).toBe(false);
      expect((await image(url, { 'If-Modified-Since': lastModified })).status).toBe(200);
      // The channel's id changes the avatar; an unknown id is refused.
      const avatar = `https://yt3.ggpht.com/fake-${images.channel.info.id}=s88-c-k-c0x00ffffff-no-rj`;
      const avatarTag = (await image(avatar)).headers.get('etag');
      expect((await change(images.channel.info.id)).status).toBe(200);
      expect((await image(avatar)).headers.get('etag')).not.toBe(avatarTag);
      expect((await change('nosuchvideo')).status).toBe(400);
    });
  });

  it('parses its command line', () => {
    expect(
      parseArgs([
        '--videos',
        '5000',
        '--playlists',
        '100',
        '--port',
        '0',
        '--fault',
        '{"method":"videos","type":"quota"}',
      ]),
    ).toMatchObject({
      videos: 5000,
      playlists: 100,
      port: 0,
      faults: [{ method: 'videos', type: 'quota' }],
    });
    expect(() => parseArgs(['--videos=-1'])).toThrow('--videos needs a whole number');
    expect(() => parseArgs(['--videos', 'many'])).toThrow('--videos needs a whole number');
    expect(() => parseArgs(['--nope'])).toThrow("Unknown option '--nope'");
    expect(() => parseArgs(['--videos'])).toThrow("Option '--videos <value>' argument missing");
  });
});
