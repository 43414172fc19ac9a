/**
 * The real stack's channel (issue 27), as its fake YouTube serves it, and YouTube's image hosts as they answer
 * for it: what a browser of a real channel's page meets.
 */
import type { Page } from '@playwright/test';
import { REAL_FAKE_YOUTUBE_URL, REAL_YOUTUBE_API_KEY } from './servers';

/** `snippet.thumbnails` keys each video has, by id (`[]`: none at all). */
export type ThumbnailSizes = Map<string, string[]>;

/** The sizes of every upload, read from the fake's `videos.list` as the sync read them. */
export async function thumbnailSizes(): Promise<ThumbnailSizes> {
  const { videoIds } = (await (await fetch(`${REAL_FAKE_YOUTUBE_URL}/__fake/channel`)).json()) as {
    videoIds: string[];
  };
  const sizes: ThumbnailSizes = new Map();
  for (let i = 0; i < videoIds.length; i += 50) {
    const ids = videoIds.slice(i, i + 50).join(',');
    const url = `${REAL_FAKE_YOUTUBE_URL}/youtube/v3/videos?part=snippet&id=${ids}&key=${REAL_YOUTUBE_API_KEY}`;
    const { items } = (await (await fetch(url)).json()) as {
      items: { id: string; snippet: { thumbnails: Record<string, unknown> } }[];
    };
    for (const item of items) sizes.set(item.id, Object.keys(item.snippet.thumbnails));
  }
  return sizes;
}

export const REAL_CHANNEL = {
  /** The first video with only the `default` thumbnail, or none at all. */
  videoWith(sizes: ThumbnailSizes, which: 'none' | 'default'): string {
    const want = which === 'none' ? '' : 'default';
    const found = [...sizes].find(([, keys]) => keys.join(',') === want);
    if (!found) throw new Error(`the real channel has no video with ${which} thumbnails`);
    return found[0];
  },
};

/** i.ytimg.com's file names and the `snippet.thumbnails` key and size of each. */
const FILES: Record<string, [key: string, width: number, height: number]> = {
  default: ['default', 120, 90],
  mqdefault: ['medium', 320, 180],
  hqdefault: ['high', 480, 360],
  sddefault: ['standard', 640, 480],
  maxresdefault: ['maxres', 1280, 720],
};

const image = (width: number, height: number, fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/></svg>`;

/**
 * Answers YouTube's image hosts as they answer (this network is closed): a size a video has is an image of that
 * size; a size it lacks is YouTube's grey 120×90 stand-in with a 404; the channel's avatar is an image.
 */
export async function serveYouTubeImages(page: Page, sizes: ThumbnailSizes): Promise<void> {
  await page.route('https://i.ytimg.com/**', (route) => {
    const [, id, file] = /\/vi\/([^/]+)\/(\w+)\.jpg$/.exec(new URL(route.request().url()).pathname) ?? [];
    const size = file ? FILES[file] : undefined;
    const has = Boolean(id && size && sizes.get(decodeURIComponent(id))?.includes(size[0]));
    return route.fulfill({
      status: has ? 200 : 404,
      contentType: 'image/svg+xml',
      body: has ? image(size![1], size![2], '#3a6ea5') : image(120, 90, '#888'),
    });
  });
  await page.route('https://yt3.ggpht.com/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: image(88, 88, '#c33') }),
  );
}

/**
 * Every uncaught error and console error or warning of the page (React's hydration error #418 is one). A 404
 * of i.ytimg.com is left out by its address only: it is how YouTube answers a size a video lacks, and the
 * thumbnail then falls back.
 */
export function pageProblems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    const missingSize = m.location().url.startsWith('https://i.ytimg.com/') && /status of 404/.test(m.text());
    if (!missingSize) seen.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}
