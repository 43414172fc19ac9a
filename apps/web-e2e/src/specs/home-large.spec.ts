import { expect, test, type Page } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { LARGE_VIDEO_COUNT, serverUrl } from '../support/servers';

// No trace: its DOM snapshots run on the page's main thread and would show up as long tasks.
test.use({ baseURL: serverUrl('large'), trace: 'off' });

/** Records the main thread's long tasks (over 50 ms) from the start of the page, with their start times. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    Object.assign(window, { __longTasks: tasks, __since: 0 });
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => tasks.push({ start: e.startTime, duration: e.duration })),
    ).observe({ type: 'longtask', buffered: true });
  });
}

type TaskWindow = { __longTasks: { start: number; duration: number }[]; __since: number };

/** The long tasks that started after the last `resetLongTasks` (entries arrive late, so filter by start). */
const longTasks = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as TaskWindow;
    return w.__longTasks.filter((t) => t.start >= w.__since).map((t) => t.duration);
  });
const resetLongTasks = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as TaskWindow).__since = performance.now();
  });

test('10,000 videos: View All, scrolling and typing a search keep every task under 200 ms', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await watchLongTasks(page);
  const home = new HomePage(page);
  await home.goto();
  await home.loaded();
  await expect(home.videoCards).toHaveCount(20);
  await resetLongTasks(page);

  await home.viewAll.click();
  await expect(home.videos.getByTestId('video-count')).toHaveText('Showing all 10,000 videos');
  // Only the rows near the viewport are in the DOM.
  expect(await home.videoCards.count()).toBeLessThan(200);
  for (let i = 0; i < 25; i++) {
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(500);
  expect(await home.videoCards.count()).toBeLessThan(200);
  await testInfo.attach('view-all-10k', { body: await page.screenshot(), contentType: 'image/png' });

  await page.evaluate(() => document.getElementById('videos')!.scrollIntoView());
  await home.search.pressSequentially('needle in the', { delay: 30 });
  await expect(home.videoCards).toHaveCount(1);
  await expect(home.videoCards.locator('h3')).toHaveText('Needle in the Haystack');
  await home.search.fill('');
  await expect(home.videos.getByTestId('video-count')).toHaveText(
    `Showing all ${LARGE_VIDEO_COUNT.toLocaleString('en-US')} videos`,
  );

  const tasks = await longTasks(page);
  testInfo.annotations.push({ type: 'long tasks (ms)', description: JSON.stringify(tasks.map(Math.round)) });
  expect(Math.max(0, ...tasks)).toBeLessThan(200);
});

test('the featured video without a thumbnail reads "Click to play featured video"', async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  const featured = home.featured.getByTestId('featured-video');
  await expect(featured.getByText('Click to play featured video', { exact: true })).toBeVisible();
  await expect(home.stat('subscribers')).toHaveText('2.3M');
  await expect(home.stat('videos')).toHaveText('10K');
});

test('at most six playlists, three skeletons while they load', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/playlists', async (route) => {
    await held;
    await route.continue();
  });
  const home = new HomePage(page);
  await home.gotoShell();
  await expect(
    home.playlists.getByRole('status', { name: 'Loading playlists' }).locator('[data-skeleton]'),
  ).toHaveCount(3);
  release();
  await expect(home.playlists.getByRole('link')).toHaveCount(6);
  await expect(home.playlists.getByTestId('playlist-gradient')).toHaveCount(6);
});
