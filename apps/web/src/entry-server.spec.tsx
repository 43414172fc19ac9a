// The server's rendering of `/` and a watch page (entry-server.tsx) with the site's own images: what the HTML asks of.
import type { Playlist, SiteImage, Video, VideoDetail } from '@app/contracts';
import type { PageModel } from '@app/contracts/page-model';
import { NO_PAGE_POLICY_SOURCES } from '@app/contracts/page-policy';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import { seededRandom } from '@app/contracts/random';
import { transcriptParagraphs } from '@app/contracts/transcripts';
import { brotliCompressSync, constants } from 'node:zlib';
import { render } from './entry-server';
import { IMAGE_SIZES } from './lib/image-sizes';
import { siteImage } from './test/site-image';

const video = (id: string, image: SiteImage | null): Video => ({
  id,
  title: `Video ${id}`,
  description: null,
  // What YouTube lists: the page never shows it.
  thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
  image,
  duration: '4:05',
  durationSeconds: 245,
  viewCount: 10,
  publishedAt: '2026-01-01T00:00:00.000Z',
  featured: false,
  kind: 'video',
});

const playlist = (id: string, image: SiteImage | null): Playlist => ({
  id,
  title: `Playlist ${id}`,
  thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
  image,
  videoCount: 2,
  pinned: false,
});

const base = {
  version: '1',
  settings: { ...PUBLIC_SETTINGS_DEFAULTS, showFeaturedVideo: true, showPlaylistSection: true },
  head: '',
  policy: NO_PAGE_POLICY_SOURCES,
  cache: { shared: true, cacheControl: 'no-cache' },
} as const;

function watchModel(
  detail: Omit<VideoDetail, 'sponsorLinks' | 'transcript'> & Partial<Pick<VideoDetail, 'transcript'>>,
): PageModel {
  return {
    ...base,
    path: `/videos/${detail.id}`,
    kind: 'watch',
    status: 200,
    data: { video: { sponsorLinks: [], transcript: null, ...detail } },
  };
}

function homeModel(videos: Video[], playlists: Playlist[]): PageModel {
  return {
    ...base,
    path: '/',
    kind: 'home',
    status: 200,
    data: {
      channel: { subscriberCount: 1, videoCount: videos.length, viewCount: 1 } as never,
      videos: { items: videos, total: videos.length },
      live: { live: null, upcoming: null },
      featured: videos[0],
      playlists,
    },
  };
}

async function page(model: PageModel): Promise<{ html: string; doc: HTMLElement }> {
  const rendered = await render(model);
  const doc = document.createElement('div');
  doc.innerHTML = rendered!.html;
  return { html: rendered!.html, doc };
}

describe('the server’s rendering with the site’s images', () => {
  it('a watch page: its poster as <picture> at every width and format, preloaded, the related ones lazy, nothing of YouTube', async () => {
    const image = siteImage('poster', { color: '#102030' });
    const related = siteImage('related');
    const { html, doc } = await page(
      watchModel({
        ...video('watch1', image),
        live: null,
        playlists: [{ id: 'PL1', title: 'A list', thumbnail: null, image: null }],
        related: [video('rel1', related), video('rel2', null)],
      }),
    );
    const poster = doc.querySelector(`img[src="${image.path}/640.jpg"]`)!;
    expect(poster).toHaveAttribute('fetchpriority', 'high');
    expect(poster).toHaveAttribute('sizes', IMAGE_SIZES.poster);
    expect(poster).toHaveAttribute('width', '1280');
    expect(poster).toHaveAttribute('height', '720');
    expect(poster.getAttribute('style')).toBe('background-color:#102030');
    const sources = [...poster.parentElement!.querySelectorAll('source')];
    expect(sources.map((s) => [s.type, s.srcset, s.sizes])).toEqual(
      ['avif', 'webp'].map((format) => [
        `image/${format}`,
        [320, 640, 1280].map((w) => `${image.path}/${w}.${format} ${w}w`).join(', '),
        IMAGE_SIZES.poster,
      ]),
    );
    // The largest paint's candidate, asked for at once: its AVIF at the poster's width.
    const preload = doc.querySelector('link[rel="preload"][as="image"]')!;
    expect(preload).toHaveAttribute('type', 'image/avif');
    expect(preload).toHaveAttribute('imagesrcset', sources[0].srcset);
    expect(preload).toHaveAttribute('imagesizes', IMAGE_SIZES.poster);
    expect(doc.querySelectorAll('link[rel="preload"]')).toHaveLength(1);
    // A related video with an image: lazy, at its own small width; one without: the placeholder.
    const small = doc.querySelector(`img[src="${related.path}/640.jpg"]`)!;
    expect(small).toHaveAttribute('loading', 'lazy');
    expect(small).toHaveAttribute('sizes', IMAGE_SIZES.related);
    expect(doc.querySelectorAll('[data-thumbnail="placeholder"]')).toHaveLength(1);
    expect(html).not.toMatch(/ytimg|youtube\.com\/vi|ggpht/);
  });

  it('a watch page of a video without an image: the placeholder and the SPEC’s text, no picture, no preload', async () => {
    const { html, doc } = await page(
      watchModel({ ...video('watch2', null), live: null, playlists: [], related: [] }),
    );
    expect(doc.querySelector('picture, img')).toBeNull();
    expect(doc.querySelector('link[rel="preload"]')).toBeNull();
    expect(doc.querySelector('[data-thumbnail="placeholder"]')).not.toBeNull();
    expect(
      doc.querySelector('[data-placeholder-label], button[aria-label^="Click to play"]'),
    ).toHaveTextContent('Click to play');
    expect(html).not.toMatch(/ytimg|ggpht/);
  });

  it('`/`: one <picture> per card, the featured video’s and the playlists’, the same sizes string per layout, nothing of YouTube', async () => {
    const videos = [video('v1', siteImage('v1')), video('v2', siteImage('v2')), video('v3', null)];
    const { html, doc } = await page(
      homeModel(videos, [playlist('PLa', siteImage('pla')), playlist('PLb', null)]),
    );
    const pictures = [...doc.querySelectorAll('picture')];
    // v1 as the featured video and as a card, v2 as a card, PLa's.
    expect(pictures).toHaveLength(4);
    const sizes = pictures.map((p) => p.querySelector('img')!.getAttribute('sizes'));
    expect(sizes.sort()).toEqual(
      [IMAGE_SIZES.card, IMAGE_SIZES.card, IMAGE_SIZES.card, IMAGE_SIZES.poster].sort(),
    );
    // Below the first screen: lazy, and nothing preloaded.
    for (const img of doc.querySelectorAll('picture img')) expect(img).toHaveAttribute('loading', 'lazy');
    expect(doc.querySelector('link[rel="preload"]')).toBeNull();
    // v3 shows the placeholder, PLb its gradient.
    expect(doc.querySelector('[data-video-id="v3"] [data-thumbnail="placeholder"]')).not.toBeNull();
    expect(doc.querySelector('[data-playlist-id="PLb"] [data-testid="playlist-gradient"]')).not.toBeNull();
    expect(html).not.toMatch(/ytimg|ggpht/);
  });
});

/** A stream's automatic captions: a cue every 3 s of 5–8 common words (about 2,000 words in 15 minutes). */
function captions(minutes: number) {
  const words =
    'so the we and this is a to of it you that in what can just now here one code file test run'.split(' ');
  const random = seededRandom(minutes);
  const cues = Array.from({ length: minutes * 20 }, (_, i) => ({
    start: i * 3 + random() / 2,
    end: i * 3 + 3,
    text: Array.from(
      { length: 5 + Math.floor(random() * 4) },
      () => words[Math.floor(random() * words.length)],
    ).join(' '),
  }));
  return { source: 'youtube', language: 'en', kind: 'asr', paragraphs: transcriptParagraphs(cues) } as const;
}

const brotli = (text: string) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }).length;

describe('the server’s rendering of a transcript', () => {
  const watch = (transcript: VideoDetail['transcript']) =>
    page(watchModel({ ...video('talk1', null), live: null, playlists: [], related: [], transcript }));

  it('is text in the HTML inside a closed disclosure, each paragraph a link to the page at its start', async () => {
    const transcript = captions(15);
    const { doc } = await watch(transcript);
    const box = doc.querySelector('details')!;
    expect(box).not.toHaveAttribute('open');
    expect(box.querySelector('summary')).toHaveTextContent('Transcript');
    expect(box.querySelector('summary')).toHaveTextContent('English · Auto-generated captions');
    const links = [...box.querySelectorAll('ol > li > a')];
    expect(links).toHaveLength(transcript.paragraphs.length);
    expect(links[1]).toHaveAttribute('href', `/videos/talk1?t=${Math.floor(transcript.paragraphs[1].start)}`);
    expect(links[1]).toHaveTextContent(transcript.paragraphs[1].text);
    // Nothing is marked before the video plays.
    expect(box.querySelector('[aria-current]')).toBeNull();
  });

  it('weighs about 10 KB of brotli per hour of speech: a 3-hour stream adds under 40 KB to the page', async () => {
    const without = brotli((await watch(null)).html);
    const added = brotli((await watch(captions(180))).html) - without;
    expect(added).toBeGreaterThan(20_000);
    expect(added).toBeLessThan(40_000);
  });
});
