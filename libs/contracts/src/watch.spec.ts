import { itemListJsonLd, pageHeadHtml, websiteJsonLd } from './page-head';
import {
  isoDuration,
  oembedDiscoveryUrl,
  type WatchVideo,
  videoIdFromWatchPath,
  videoObjectJsonLd,
  watchPageHead,
  watchPageUrl,
  watchPath,
} from './watch';

const ORIGIN = 'https://site.example';

const base: WatchVideo = {
  id: 'abc_DEF-123',
  title: 'How to build a shed',
  description: 'Step by step.\nWith links: https://example.org',
  thumbnail: 'https://i.ytimg.com/vi/abc_DEF-123/hqdefault.jpg',
  image: null,
  durationSeconds: 253,
  viewCount: 1234,
  publishedAt: '2031-05-06T07:08:09.000Z',
  kind: 'video',
};

/** What Google requires and recommends of every VideoObject, checked for form, not only presence. */
function expectWellFormedVideoObject(data: Record<string, unknown>, video: WatchVideo) {
  expect(data['@context']).toBe('https://schema.org');
  expect(data['@type']).toBe('VideoObject');
  expect(typeof data.name).toBe('string');
  expect((data.name as string).length).toBeGreaterThan(0);
  expect(typeof data.description).toBe('string');
  expect((data.description as string).trim().length).toBeGreaterThan(0);
  expect(Array.isArray(data.thumbnailUrl)).toBe(true);
  expect((data.thumbnailUrl as string[]).length).toBeGreaterThan(0);
  for (const url of data.thumbnailUrl as string[]) expect(url).toMatch(/^https:\/\//);
  // ISO 8601 with a time zone designator.
  expect(data.uploadDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  if (video.durationSeconds > 0) expect(data.duration).toMatch(/^PT(?=\d)(\d+H)?(\d+M)?(\d+S)?$/);
  expect(data.embedUrl).toBe(`https://www.youtube-nocookie.com/embed/${video.id}`);
  expect(data.url).toBe(`${ORIGIN}/videos/${video.id}`);
  expect(data.interactionStatistic).toEqual({
    '@type': 'InteractionCounter',
    interactionType: { '@type': 'WatchAction' },
    userInteractionCount: video.viewCount,
  });
}

describe('watch page URLs', () => {
  it('builds the path, the absolute URL and the oEmbed discovery link', () => {
    expect(watchPath('abc')).toBe('/videos/abc');
    expect(watchPageUrl(ORIGIN, 'abc')).toBe('https://site.example/videos/abc');
    expect(oembedDiscoveryUrl(ORIGIN, 'abc')).toBe(
      'https://site.example/oembed?url=https%3A%2F%2Fsite.example%2Fvideos%2Fabc&format=json',
    );
    expect(new URL(oembedDiscoveryUrl(ORIGIN, 'a-b')).searchParams.get('url')).toBe(
      watchPageUrl(ORIGIN, 'a-b'),
    );
  });

  it('reads the video id back from a watch page path only', () => {
    expect(videoIdFromWatchPath('/videos/abc_DEF-1')).toBe('abc_DEF-1');
    expect(videoIdFromWatchPath('/videos/abc/')).toBe('abc');
    expect(videoIdFromWatchPath('/videos/')).toBeNull();
    expect(videoIdFromWatchPath('/videos/a/b')).toBeNull();
    expect(videoIdFromWatchPath('/watch/abc')).toBeNull();
    expect(videoIdFromWatchPath('/videos/a%20b')).toBeNull();
    expect(videoIdFromWatchPath(`/videos/${'x'.repeat(33)}`)).toBeNull();
  });

  it('writes durations in ISO 8601', () => {
    expect(isoDuration(253)).toBe('PT4M13S');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(3723)).toBe('PT1H2M3S');
    expect(isoDuration(59)).toBe('PT59S');
    expect(isoDuration(0)).toBe('PT0S');
  });
});

describe('VideoObject JSON-LD', () => {
  it('has no view count when YouTube withholds it (issue 27: unknown is not 0)', () => {
    expect(videoObjectJsonLd({ ...base, viewCount: null }, ORIGIN)).not.toHaveProperty(
      'interactionStatistic',
    );
    expect(videoObjectJsonLd({ ...base, viewCount: 0 }, ORIGIN).interactionStatistic).toMatchObject({
      userInteractionCount: 0,
    });
  });

  it('has every required and recommended property of a normal video', () => {
    const data = videoObjectJsonLd(base, ORIGIN) as unknown as Record<string, unknown>;
    expectWellFormedVideoObject(data, base);
    expect(data).toMatchObject({
      name: 'How to build a shed',
      description: 'Step by step.\nWith links: https://example.org',
      uploadDate: '2031-05-06T07:08:09.000Z',
      duration: 'PT4M13S',
    });
    expect(data.thumbnailUrl).toEqual([
      'https://i.ytimg.com/vi/abc_DEF-123/hqdefault.jpg',
      'https://i.ytimg.com/vi/abc_DEF-123/mqdefault.jpg',
      'https://i.ytimg.com/vi/abc_DEF-123/default.jpg',
    ]);
    expect(data.publication).toBeUndefined();
  });

  it('describes a Short the same way', () => {
    const short: WatchVideo = { ...base, id: 'short01', kind: 'short', durationSeconds: 42, thumbnail: null };
    const data = videoObjectJsonLd(short, ORIGIN) as unknown as Record<string, unknown>;
    expectWellFormedVideoObject(data, short);
    expect(data.duration).toBe('PT42S');
    expect((data.thumbnailUrl as string[])[0]).toBe('https://i.ytimg.com/vi/short01/hqdefault.jpg');
  });

  it('publishes a live stream by a live BroadcastEvent from its start', () => {
    const live: WatchVideo = {
      ...base,
      id: 'live01',
      kind: 'live',
      durationSeconds: 0,
      live: { scheduledStartTime: '2031-05-06T06:00:00.000Z', actualStartTime: '2031-05-06T06:02:00.000Z' },
    };
    const data = videoObjectJsonLd(live, ORIGIN) as unknown as Record<string, unknown>;
    expectWellFormedVideoObject(data, live);
    expect(data.duration).toBeUndefined();
    expect(data.publication).toEqual({
      '@type': 'BroadcastEvent',
      isLiveBroadcast: true,
      startDate: '2031-05-06T06:02:00.000Z',
    });
  });

  it('publishes an upcoming stream by a BroadcastEvent at its scheduled start', () => {
    const upcoming: WatchVideo = {
      ...base,
      id: 'soon01',
      kind: 'upcoming',
      durationSeconds: 0,
      live: { scheduledStartTime: '2031-06-01T18:00:00+02:00', actualStartTime: null },
    };
    const data = videoObjectJsonLd(upcoming, ORIGIN) as unknown as Record<string, unknown>;
    expectWellFormedVideoObject(data, upcoming);
    expect(data.publication).toEqual({
      '@type': 'BroadcastEvent',
      isLiveBroadcast: true,
      startDate: '2031-06-01T16:00:00.000Z',
    });
  });

  it('publishes a replay by a BroadcastEvent with its actual start and end', () => {
    const replay: WatchVideo = {
      ...base,
      id: 'replay01',
      kind: 'replay',
      durationSeconds: 5400,
      live: {
        scheduledStartTime: '2031-05-06T06:00:00.000Z',
        actualStartTime: '2031-05-06T08:02:00+02:00',
        actualEndTime: '2031-05-06T07:32:00.000Z',
      },
    };
    const data = videoObjectJsonLd(replay, ORIGIN) as unknown as Record<string, unknown>;
    expectWellFormedVideoObject(data, replay);
    expect(data.duration).toBe('PT1H30M');
    expect(data.publication).toEqual({
      '@type': 'BroadcastEvent',
      isLiveBroadcast: true,
      startDate: '2031-05-06T06:02:00.000Z',
      endDate: '2031-05-06T07:32:00.000Z',
    });
  });

  it('gives a replay without known stream times, and a live stream, no end date', () => {
    for (const live of [null, { scheduledStartTime: null, actualStartTime: null, actualEndTime: null }]) {
      const replay: WatchVideo = { ...base, id: 'replay02', kind: 'replay', live };
      expect(videoObjectJsonLd(replay, ORIGIN).publication).toBeUndefined();
    }
    const stillLive: WatchVideo = {
      ...base,
      id: 'live02',
      kind: 'live',
      durationSeconds: 0,
      // Only a replay has ended: an end time beside a video still filed as live is not used.
      live: {
        scheduledStartTime: null,
        actualStartTime: '2031-05-06T06:02:00.000Z',
        actualEndTime: '2031-05-06T07:00:00.000Z',
      },
    };
    expect(videoObjectJsonLd(stillLive, ORIGIN).publication).toEqual({
      '@type': 'BroadcastEvent',
      isLiveBroadcast: true,
      startDate: '2031-05-06T06:02:00.000Z',
    });
  });

  it('falls back to the title for a video without description, and makes a site thumbnail absolute', () => {
    for (const description of [null, '', '   ']) {
      const video: WatchVideo = { ...base, description, thumbnail: '/api/demo/thumbnails/v1.svg' };
      const data = videoObjectJsonLd(video, ORIGIN) as unknown as Record<string, unknown>;
      expectWellFormedVideoObject(data, video);
      expect(data.description).toBe('How to build a shed');
      expect(data.thumbnailUrl).toEqual(['https://site.example/api/demo/thumbnails/v1.svg']);
    }
  });
});

describe('key moments', () => {
  it('has one Clip per chapter, each linking to the watch page at its start, the last ending with the video', () => {
    const video: WatchVideo = { ...base, description: 'Shed.\n0:00 Intro\n1:00 Floor\n3:00 Roof' };
    const data = videoObjectJsonLd(video, ORIGIN) as unknown as Record<string, unknown>;
    expect(data.hasPart).toEqual([
      {
        '@type': 'Clip',
        name: 'Intro',
        startOffset: 0,
        endOffset: 60,
        url: `${ORIGIN}/videos/abc_DEF-123?t=0`,
      },
      {
        '@type': 'Clip',
        name: 'Floor',
        startOffset: 60,
        endOffset: 180,
        url: `${ORIGIN}/videos/abc_DEF-123?t=60`,
      },
      {
        '@type': 'Clip',
        name: 'Roof',
        startOffset: 180,
        endOffset: 253,
        url: `${ORIGIN}/videos/abc_DEF-123?t=180`,
      },
    ]);
    expect(data.potentialAction).toBeUndefined();
  });

  it('has a SeekToAction in the form Google documents for a video without chapters', () => {
    const data = videoObjectJsonLd(base, ORIGIN) as unknown as Record<string, unknown>;
    expect(data.hasPart).toBeUndefined();
    expect(data.potentialAction).toEqual({
      '@type': 'SeekToAction',
      target: `${ORIGIN}/videos/abc_DEF-123?t={seek_to_second_number}`,
      'startOffset-input': 'required name=seek_to_second_number',
    });
  });

  it('has neither for a stream that is live or still to come', () => {
    for (const kind of ['live', 'upcoming'] as const) {
      const data = videoObjectJsonLd({ ...base, kind }, ORIGIN) as unknown as Record<string, unknown>;
      expect([data.hasPart, data.potentialAction]).toEqual([undefined, undefined]);
    }
  });
});

describe('the JSON-LD of /', () => {
  it('names the site as a WebSite', () => {
    expect(websiteJsonLd({ siteTitle: ' ', siteDescription: '' }, ORIGIN)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Channel',
      url: 'https://site.example/',
      potentialAction: expect.anything(),
    });
    expect(websiteJsonLd({ siteTitle: 'Sheds', siteDescription: 'All about sheds' }, ORIGIN)).toMatchObject({
      name: 'Sheds',
      description: 'All about sheds',
    });
    expect(
      websiteJsonLd({ siteTitle: 'Sheds', siteDescription: '', siteLanguage: 'ja' }, ORIGIN),
    ).toMatchObject({
      inLanguage: 'ja',
    });
  });

  it("offers the site's search as a SearchAction: the search page with the query's placeholder, and its query-input", () => {
    expect(websiteJsonLd({ siteTitle: 'Sheds', siteDescription: '' }, ORIGIN).potentialAction).toEqual({
      '@type': 'SearchAction',
      target: 'https://site.example/search?q={search_term_string}',
      'query-input': 'required name=search_term_string',
    });
  });

  it('lists the watch pages as an ItemList in order', () => {
    const urls = ['a', 'b'].map((id) => watchPageUrl(ORIGIN, id));
    expect(itemListJsonLd(urls)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: 'https://site.example/videos/a' },
        { '@type': 'ListItem', position: 2, url: 'https://site.example/videos/b' },
      ],
    });
  });
});

describe('the head of a watch page', () => {
  const settings = {
    siteTitle: 'Sheds',
    siteDescription: 'All about sheds',
    metaKeywords: 'sheds, wood',
    ogImage: 'https://site.example/og.png',
    twitterHandle: 'shedder',
    enableRSS: true,
    siteLanguage: 'en' as const,
  };

  it("shares the site's own image once it has it: og:image, twitter:image and the VideoObject's thumbnailUrl are its og.jpg, absolute", () => {
    const image = {
      path: '/images/0123456789abcdef0123',
      width: 1280,
      height: 720,
      widths: [320, 640, 1280],
      color: '#102030',
    };
    const head = watchPageHead(settings, ORIGIN, { ...base, image });
    const meta = Object.fromEntries(head.meta.map((m) => [m.key, m.content]));
    const og = 'https://site.example/images/0123456789abcdef0123/og.jpg';
    expect([meta['og:image'], meta['twitter:image']]).toEqual([og, og]);
    expect((head.jsonLd![0] as { thumbnailUrl: string[] }).thumbnailUrl).toEqual([og]);
    expectWellFormedVideoObject(videoObjectJsonLd({ ...base, image }, ORIGIN) as never, base);
    expect(pageHeadHtml(head)).not.toContain('ytimg');
  });

  it('carries title, description, canonical, Open Graph video, the player card, oEmbed and the VideoObject', () => {
    const head = watchPageHead(settings, ORIGIN, { ...base, title: 'A <b>"shed"</b> & more' });
    const meta = Object.fromEntries(head.meta.map((m) => [m.key, m.content]));
    expect(head.title).toBe('A <b>"shed"</b> & more - Sheds');
    expect(meta).toMatchObject({
      description: 'Step by step. With links: https://example.org',
      keywords: 'sheds, wood',
      'og:type': 'video.other',
      'og:url': 'https://site.example/videos/abc_DEF-123',
      'og:locale': 'en_US',
      'og:image': 'https://i.ytimg.com/vi/abc_DEF-123/hqdefault.jpg',
      'og:video': 'https://www.youtube-nocookie.com/embed/abc_DEF-123',
      'og:video:type': 'text/html',
      'twitter:card': 'player',
      'twitter:site': '@shedder',
      'twitter:player': 'https://www.youtube-nocookie.com/embed/abc_DEF-123',
      'twitter:player:width': '1280',
      'twitter:player:height': '720',
    });
    expect(head.canonical).toBe('https://site.example/videos/abc_DEF-123');

    const html = pageHeadHtml(head);
    expect(html).toContain('<title>A &lt;b&gt;&quot;shed&quot;&lt;/b&gt; &amp; more - Sheds</title>');
    expect(html).toContain('<link rel="canonical" href="https://site.example/videos/abc_DEF-123" />');
    expect(html).toContain(
      '<link rel="alternate" type="application/json+oembed" href="https://site.example/oembed?url=https%3A%2F%2Fsite.example%2Fvideos%2Fabc_DEF-123&amp;format=json"',
    );
    expect(html).not.toContain('<b>');
    const [, json] = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html) ?? [];
    expect(JSON.parse(json as string)).toMatchObject({
      '@type': 'VideoObject',
      name: 'A <b>"shed"</b> & more',
    });
  });

  it('shortens a long description for the tags', () => {
    const head = watchPageHead(settings, ORIGIN, { ...base, description: 'word '.repeat(100) });
    const description = head.meta.find((m) => m.key === 'description')?.content ?? '';
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.endsWith('…')).toBe(true);
  });

  it('cuts a description full of emoji between graphemes, never leaving half of one (issue 27)', () => {
    // 198 ASCII units, then an emoji across the 199th and 200th: a UTF-16 cut left a lone surrogate ("�…").
    const head = watchPageHead(settings, ORIGIN, { ...base, description: `${'a'.repeat(198)}😀😀 tail` });
    for (const key of ['description', 'og:description', 'twitter:description']) {
      const content = head.meta.find((m) => m.key === key)?.content ?? '';
      expect(content).toBe(`${'a'.repeat(198)}…`);
    }
    const cjk = watchPageHead(settings, ORIGIN, { ...base, description: '🎉祝你生日快乐'.repeat(60) });
    const cut = cjk.meta.find((m) => m.key === 'description')?.content ?? '';
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut).toMatch(/^(🎉祝你生日快乐)+(🎉|🎉祝|🎉祝你|🎉祝你生|🎉祝你生日|🎉祝你生日快)?…$/u);
  });
});
