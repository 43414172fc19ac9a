import type { Video } from '@app/contracts';
import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { receivedCommands, recordYouTubeRequests, stubYouTubePlayer } from '../support/youtube-stub';
import { attachScreenshot } from '../support/screenshots';

const EMBED =
  /^https:\/\/www\.youtube-nocookie\.com\/embed\/([\w-]+)\?autoplay=1&rel=0&modestbranding=1&enablejsapi=1$/;

async function apiVideos(
  page: import('@playwright/test').Page,
  query: string,
): Promise<{ videos: Video[]; total: number }> {
  const res = await page.request.get(`/api/videos?${query}`);
  return { videos: (await res.json()) as Video[], total: Number(res.headers()['x-total-count']) };
}

test('20 skeleton cards while loading, then the 20 newest videos', async ({ page }, testInfo) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/videos?*', async (route) => {
    await held;
    await route.continue();
  });
  const home = new HomePage(page);
  await home.gotoShell();
  const skeletons = home.videos.getByRole('status', { name: 'Loading videos' });
  await expect(skeletons.locator('[data-skeleton]')).toHaveCount(20);
  await page.evaluate(() => document.getElementById('videos')!.scrollIntoView({ behavior: 'instant' }));
  await attachScreenshot(testInfo, 'videos-loading', page);
  release();
  const { videos } = await apiVideos(page, 'sort=recent&limit=20');
  await expect(home.videoCards).toHaveCount(20);
  await expect(home.videoCards.locator('h3')).toHaveText(videos.map((v) => v.title));
});

test(
  'a card shows views and age; its title opens the watch page in a new tab',
  { tag: '@behaviour' },
  async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.loaded();
    const { videos } = await apiVideos(page, 'sort=recent&limit=1');
    const card = home.videoCards.first();
    const title = card.getByRole('link', { name: videos[0].title });
    await expect(title).toHaveAttribute('href', `https://www.youtube.com/watch?v=${videos[0].id}`);
    await expect(title).toHaveAttribute('target', '_blank');
    await expect(card).toContainText(/\d+(\.\d)?[KM]? views • (today|\d+ (day|week|month)s? ago)/);
    await expect(card.getByRole('button', { name: `Play ${videos[0].title}` })).toBeVisible();
  },
);

test(
  'nothing is loaded from YouTube before a click; one card plays at a time',
  { tag: '@behaviour' },
  async ({ page }, testInfo) => {
    await stubYouTubePlayer(page);
    const youtube = recordYouTubeRequests(page);
    const home = new HomePage(page);
    await home.goto();
    await home.loaded();
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await page.waitForLoadState('networkidle');
    expect(youtube.map((r) => r.url())).toEqual([]);

    const first = home.videoCards.nth(0);
    const second = home.videoCards.nth(1);
    const firstTitle = (await first.locator('h3').textContent())!;
    const secondTitle = (await second.locator('h3').textContent())!;
    await first.getByRole('button', { name: `Play ${firstTitle}` }).click();
    const firstFrame = first.locator('iframe');
    await expect(firstFrame).toHaveAttribute('src', EMBED);
    await expect(firstFrame).toHaveAttribute('title', `${firstTitle} (video player)`);
    expect(youtube.length).toBeGreaterThan(0);
    await expect(home.iframes()).toHaveCount(1);

    await second.getByRole('button', { name: `Play ${secondTitle}` }).click();
    await expect(second.locator('iframe')).toBeVisible();
    await expect(home.iframes()).toHaveCount(1);
    await expect(first.getByRole('button', { name: `Play ${firstTitle}` })).toBeVisible();
    await attachScreenshot(testInfo, 'one-player', page);
  },
);

test('the hover overlay pauses and resumes the playing card over postMessage', async ({ page, isMobile }) => {
  await stubYouTubePlayer(page);
  const home = new HomePage(page);
  await home.goto();
  await home.loaded();
  const id = await home.videoCards.nth(2).getAttribute('data-video-id');
  const card = home.videos.locator(`article[data-video-id="${id}"]`);
  const title = (await card.locator('h3').textContent())!;
  await card.getByRole('button', { name: `Play ${title}` }).click();
  await expect(card.locator('iframe')).toBeVisible();
  const pause = card.getByRole('button', { name: `Pause ${title}` });
  if (!isMobile) {
    const box = (await card.locator('iframe').boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 20);
    await expect(pause).toHaveCSS('opacity', '1');
  }
  await pause.click();
  await expect(card.getByRole('button', { name: `Play ${title}` })).toBeVisible();
  await card.getByRole('button', { name: `Play ${title}` }).click();
  await expect(pause).toBeAttached();
  await expect.poll(() => receivedCommands(page)).toEqual(['pauseVideo', 'playVideo']);
});

test('View All shows every video, with search and sort', async ({ page }, testInfo) => {
  const home = new HomePage(page);
  await home.goto();
  await home.loaded();
  const { total } = await apiVideos(page, 'limit=1');
  expect(total, 'the demo has more than 20 videos').toBeGreaterThan(20);
  await expect(home.search).toHaveCount(0);
  await expect(home.sort).toHaveCount(0);
  await home.viewAll.click();
  await expect(home.search).toBeVisible();
  await expect(home.sort).toHaveValue('recent');
  await expect(home.videos.getByTestId('video-count')).toHaveText(`Showing all ${total} videos`);
  await expect(home.viewAll).toHaveCount(0);
  // Scroll through from the top: every video is reachable.
  await page.evaluate(() => document.getElementById('videos')!.scrollIntoView({ behavior: 'instant' }));
  const seen = new Set<string>();
  // Less than a row at a time, each step read once the page has drawn it and any next page of videos it asked for
  // has come, until every card was seen or the page stops moving: the grid draws only the rows near the screen and
  // asks for the next page near its end. Each step is instant: the site scrolls smoothly, and a smooth scroll cut
  // short by the next step moves the page only about 50 px, too little to reach the end in 400 steps.
  const busy = home.videos.locator('[aria-busy="true"]');
  for (let i = 0, last = '', still = 0; i < 400 && seen.size < total && still < 10; i++) {
    for (const id of await home.videoCards.evaluateAll((cards) =>
      cards.map((c) => c.getAttribute('data-video-id')!),
    ))
      seen.add(id);
    await page.evaluate(
      () =>
        new Promise<void>((drawn) => {
          window.scrollBy({ top: 250, behavior: 'instant' });
          requestAnimationFrame(() => requestAnimationFrame(() => drawn()));
        }),
    );
    await expect(busy).toHaveCount(0, { timeout: 10_000 });
    const now = await page.evaluate(() => `${window.scrollY} ${document.documentElement.scrollHeight}`);
    still = now === last ? still + 1 : 0;
    last = now;
  }
  expect(seen.size).toBe(total);
  await attachScreenshot(testInfo, 'view-all', page);

  for (const sort of ['popular', 'oldest', 'recent'] as const) {
    await page.evaluate(() => document.getElementById('videos')!.scrollIntoView({ behavior: 'instant' }));
    await home.sort.selectOption(sort);
    const { videos } = await apiVideos(page, `sort=${sort}&limit=4`);
    await expect(home.videoCards.locator('h3').first()).toHaveText(videos[0].title);
    await expect(home.videoCards.locator('h3').nth(1)).toHaveText(videos[1].title);
  }
});

test(
  'a jump into View All leaves the cards on the screen where they are drawn',
  { tag: '@behaviour' },
  async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.loaded();
    await home.viewAll.click();
    await expect(home.videos.getByTestId('video-count')).toContainText('Showing all');
    await page.evaluate(() => document.getElementById('videos')!.scrollIntoView({ behavior: 'instant' }));
    // The next page of videos, which the grid asks for near its top on a desktop: room for the jump below.
    const busy = home.videos.getByTestId('video-browser').locator('[aria-busy]');
    await expect
      .poll(() => busy.evaluate((list: HTMLElement) => list.offsetHeight / window.innerHeight))
      .toBeGreaterThan(3);
    await expect(busy).toHaveAttribute('aria-busy', 'false');
    // Down among rows not drawn yet: the grid measures the rows it draws above the screen's top and scrolls by what
    // they differ from its estimate. Where the top card is drawn, frame after frame, for half a second:
    const jump = await page.evaluate(async () => {
      const list = document.querySelector<HTMLElement>('[data-testid="video-browser"] [aria-busy]')!;
      const drawnTo =
        Math.max(...[...list.children].map((row) => row.getBoundingClientRect().bottom)) + window.scrollY;
      const target = Math.round(
        list.getBoundingClientRect().top + window.scrollY + (list.offsetHeight * 2) / 3,
      );
      window.scrollTo({ top: target, behavior: 'instant' });
      const frame = () => new Promise((drawn) => requestAnimationFrame(drawn));
      await frame();
      await frame();
      const card = [...list.querySelectorAll('[data-video-id]')].find(
        (c) => c.getBoundingClientRect().bottom > 0,
      )!;
      const tops: number[] = [];
      for (const end = performance.now() + 500; performance.now() < end; await frame())
        tops.push(Math.round(card.getBoundingClientRect().top));
      return {
        beyondDrawn: target - window.innerHeight - drawnTo,
        target,
        settled: Math.round(window.scrollY),
        tops,
      };
    });
    expect(jump.beyondDrawn, 'the jump lands a screen past the rows drawn before').toBeGreaterThan(0);
    expect(jump.settled, 'the grid corrected the scroll for the rows it measured').not.toBe(jump.target);
    expect(new Set(jump.tops), 'the card stays put: the correction is not a smooth scroll').toEqual(
      new Set([jump.tops[0]]),
    );
  },
);

test(
  'search matches title or description case-insensitively; no match offers Clear Search',
  { tag: '@behaviour' },
  async ({ page }, testInfo) => {
    const home = new HomePage(page);
    await home.goto();
    await home.loaded();
    await home.viewAll.click();
    await home.search.fill('DOCKER');
    const { videos, total } = await apiVideos(page, 'q=docker&limit=100');
    await expect(home.videos.getByTestId('video-count')).toHaveText(
      `${total} video${total === 1 ? '' : 's'} match “DOCKER”`,
    );
    await expect(home.videoCards).toHaveCount(videos.length);
    for (const title of await home.videoCards.locator('h3').allTextContents()) {
      const video = videos.find((v) => v.title === title)!;
      expect(`${video.title} ${video.description}`.toLowerCase()).toContain('docker');
    }
    await home.search.fill('zzzz no such video');
    await expect(home.videos.getByText('No videos found for "zzzz no such video"')).toBeVisible();
    await attachScreenshot(testInfo, 'no-match', page);
    await home.videos.getByRole('button', { name: 'Clear Search', exact: true }).click();
    await expect(home.search).toHaveValue('');
    await expect(home.videos.getByTestId('video-count')).toHaveText(/^Showing all \d+ videos$/);
  },
);

test('an image that fails gives way to the placeholder in the same box (#47)', async ({ page }, testInfo) => {
  const { videos } = await apiVideos(page, 'sort=recent&limit=20');
  const video = videos.find((v) => v.image !== null)!;
  expect(video).toBeDefined();
  // Its files fail (held until the box is measured); every other image loads.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(`**${video.image!.path}/**`, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await held;
    return route.fulfill({ status: 404, body: '' });
  });
  const home = new HomePage(page);
  await home.goto();
  await home.loaded();
  const card = home.videos.locator(`article[data-video-id="${video.id}"]`);
  await card.scrollIntoViewIfNeeded();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  const thumbnail = card.locator('[data-thumbnail]');
  const box = async () => ({
    card: await card.boundingBox(),
    thumbnail: await thumbnail.boundingBox(),
  });
  const before = await box();

  release();
  await expect(thumbnail).toHaveAttribute('data-thumbnail', 'placeholder');
  // One file of the <picture> was asked (the format and width the browser chose), none again.
  expect(asked).toHaveLength(1);
  expect(await box()).toEqual(before);
  // The box of every other card's thumbnail.
  const neighbour = await home.videoCards.first().locator('[data-thumbnail]').boundingBox();
  expect([before.thumbnail!.width, before.thumbnail!.height]).toEqual([neighbour!.width, neighbour!.height]);
  await attachScreenshot(testInfo, 'thumbnail-fallback', card);
});
