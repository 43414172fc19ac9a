import type { Video } from '@app/contracts';
import { YOUTUBE_EMBED_ORIGIN } from '@app/contracts/youtube';
import { IMAGES_PATH } from '@app/contracts/site-image-files';
import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { networkQuiet, scrollThrough } from '../support/scroll-through';
import { serverUrl } from '../support/servers';
import { stubYouTubePlayer } from '../support/youtube-stub';

// Behaviour, not layout: the desktop project runs it (playwright.config.ts; the phone runs the layout specs).

/**
 * Nothing third-party before the visitor acts. Every public page (`/`, the watch pages, the not-found page, the
 * sign-in screen, the newsletter's link pages: what the sitemap and the router list), with the demo and with a
 * channel synced from the fake YouTube, asks its own origin alone until the visitor clicks play or answers the
 * consent banner: the document, its scripts, styles and fonts, its data and beacons, and the channel's images
 * (`/images/<hash>/<file>`). The assertion covers every request the page makes, of every kind, to any other
 * host. Clicks that play nothing (View All, the footer's texts) keep it so. The play click then asks
 * youtube-nocookie.com alone, for the player (stood in for: this network is closed, and anything else is
 * aborted, so the test needs no network).
 */

/** Every request of the page to another origin from now on, of any kind (its frames' too). */
function otherHosts(page: Page, origin: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== origin) seen.push(request);
  });
  return seen;
}

const described = (requests: Request[]) => requests.map((r) => `${r.resourceType()} ${r.url()}`);

/** The page's app chunks fetched from now on (the home's and the watch page's, by their names). */
function appChunks(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop()!;
    if (request.resourceType() === 'script' && /^(start-app|watch-app)-/.test(file)) seen.push(file);
  });
  return seen;
}

/** Opens a page and scrolls through it; a page of the site's app once its boot script ran. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  if (!path.startsWith('/api/')) await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await scrollThrough(page);
}

/** Each thumbnail the page shows is a file of the site's images (the browser's pick of its `<picture>`). */
async function expectSiteImages(page: Page, origin: string): Promise<number> {
  const sources = await page
    .locator('img[data-thumbnail="image"]')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).currentSrc));
  for (const source of sources)
    expect(source).toMatch(new RegExp(`^${origin}${IMAGES_PATH}/[0-9a-f]+/[\\w.]+$`));
  return sources.length;
}

async function recentVideos(page: Page): Promise<Video[]> {
  return (await (await page.request.get('/api/videos?sort=recent&limit=20')).json()) as Video[];
}

/** The sitemap's pages, as paths: `/` and watch pages, each a kind this spec visits. */
async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
}

const box = async (locator: Locator) => {
  const { width, height } = (await locator.boundingBox())!;
  return { width: Math.round(width), height: Math.round(height) };
};

for (const [stack, name] of [
  ['demo', 'the demo'],
  ['real', 'a channel synced from the fake YouTube'],
] as const) {
  test.describe(`${name}: nothing third-party before the visitor acts`, () => {
    const origin = serverUrl(stack);
    test.use({ baseURL: origin });

    test.beforeEach(async ({ page }) => {
      // A closed network: whatever asks another host is recorded (below) and refused here.
      await page.context().route(
        (url) => url.origin !== origin,
        (route) => route.abort(),
      );
    });

    test('every public page asks its own origin alone before a click, and shows the site’s own images', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const videos = await recentVideos(page);
      const withImage = videos.find((v) => v.image !== null);
      expect(withImage, 'a video the site has the image of').toBeDefined();
      // Every page the sitemap lists is `/` or a watch page.
      for (const path of await sitemapPaths(page)) expect(path).toMatch(/^\/(videos\/[\w-]+)?$/);
      const pages = [
        '/',
        `/videos/${withImage!.id}`,
        '/no-such-page',
        '/admin',
        '/api/newsletter/confirm?token=not-a-token',
      ];
      for (const path of pages) {
        const others = otherHosts(page, origin);
        await visit(page, path);
        expect(described(others), `${path}: requests to other hosts before a click`).toEqual([]);
        if (path === '/' || path === `/videos/${withImage!.id}`)
          expect(await expectSiteImages(page, origin), `${path}: the channel's images`).toBeGreaterThan(0);
        page.removeAllListeners('request');
      }

      // Clicks that play nothing start the app and show more images: the site's own still.
      const others = otherHosts(page, origin);
      const home = new HomePage(page);
      await home.goto();
      await home.loaded();
      await home.viewAll.click();
      await expect(home.videos.getByTestId('video-count')).toHaveText(/^Showing all \d+ videos$/);
      await scrollThrough(page);
      // Its last cards, past the first 20, show the site's images too.
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
      await networkQuiet(page);
      const lastId = await home.videoCards.last().getAttribute('data-video-id');
      expect(videos.map((v) => v.id)).not.toContain(lastId);
      expect(await expectSiteImages(page, origin), 'the images of View All’s last cards').toBeGreaterThan(0);
      const footer = page.getByRole('contentinfo');
      for (const text of await footer.getByRole('button').all()) {
        await text.click();
        const dialog = page.getByRole('dialog');
        if (await dialog.isVisible()) await dialog.getByRole('button').first().click();
      }
      expect(described(others), 'requests to other hosts after View All and the footer').toEqual([]);
    });

    test('a play click asks youtube-nocookie.com alone, for the player, on / and on a watch page', async ({
      page,
    }) => {
      await stubYouTubePlayer(page);
      const [video] = await recentVideos(page);
      for (const path of ['/', `/videos/${video.id}`]) {
        const others = otherHosts(page, origin);
        await visit(page, path);
        expect(described(others), `${path}: before the click`).toEqual([]);
        const facade = page.getByRole('button', { name: `Play ${video.title}`, exact: false }).first();
        await facade.scrollIntoViewIfNeeded();
        const player = page.waitForRequest((r) =>
          r.url().startsWith(`${YOUTUBE_EMBED_ORIGIN}/embed/${video.id}?`),
        );
        await facade.click();
        await player;
        await networkQuiet(page);
        expect(
          [...new Set(others.map((r) => new URL(r.url()).host))],
          `${path}: ${described(others).join(', ')}`,
        ).toEqual(['www.youtube-nocookie.com']);
        page.removeAllListeners('request');
      }
    });
  });
}

test('a synced video whose image could not be fetched shows the placeholder in the image’s box, without the app', async ({
  page,
}) => {
  const origin = serverUrl('real');
  await page.context().route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  const all = (await (
    await page.request.get(`${origin}/api/videos?sort=recent&limit=100`)
  ).json()) as Video[];
  const without = all.find((v) => v.image === null);
  const withImage = all.find((v) => v.image !== null);
  expect(without, 'a video of the fake channel without an image (none of its sizes)').toBeDefined();
  expect(withImage).toBeDefined();

  const poster = page.locator('main [data-thumbnail]').first();
  await page.goto(`${origin}/videos/${withImage!.id}`);
  await expect(poster).toHaveAttribute('data-thumbnail', 'image');
  const imageBox = await box(poster);

  const chunks = appChunks(page);
  const others = otherHosts(page, origin);
  await page.goto(`${origin}/videos/${without!.id}`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(poster).toHaveAttribute('data-thumbnail', 'placeholder');
  expect(await box(poster)).toEqual(imageBox);
  await page.waitForLoadState('networkidle');
  expect(chunks).toEqual([]);
  await expect(page.locator('html')).not.toHaveAttribute('data-app', /.+/);
  expect(described(others)).toEqual([]);
});
