import type { Video } from '@app/contracts';
import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { recordYouTubeRequests, stubYouTubePlayer } from '../support/youtube-stub';
import { attachScreenshot } from '../support/screenshots';

// Behaviour, not layout: the desktop project runs it (playwright.config.ts; the phone runs the layout specs).

test('a skeleton while loading, then the featured video; a click swaps in the player', async ({
  page,
}, testInfo) => {
  await stubYouTubePlayer(page);
  const youtube = recordYouTubeRequests(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/videos/featured', async (route) => {
    await held;
    await route.continue();
  });
  const home = new HomePage(page);
  await home.gotoShell();
  await expect(home.featured.getByRole('status', { name: 'Loading featured video' })).toBeVisible();
  release();
  const featured = (await (await page.request.get('/api/videos/featured')).json()) as Video;
  const card = home.featured.getByTestId('featured-video');
  await expect(card.getByRole('heading', { name: featured.title })).toBeVisible();
  await expect(card).toContainText(/\d+(\.\d)?[KM]? views/);
  await expect(card).toContainText(/(today|\d+ (day|week|month)s? ago)/);
  await expect(card).toContainText(featured.duration);
  await card.scrollIntoViewIfNeeded();
  await attachScreenshot(testInfo, 'featured', page);
  expect(youtube).toEqual([]);

  await card.getByRole('button', { name: `Play ${featured.title}` }).click();
  const frame = card.locator('iframe');
  await expect(frame).toHaveAttribute(
    'src',
    `https://www.youtube-nocookie.com/embed/${featured.id}?autoplay=1&rel=0&modestbranding=1&enablejsapi=1`,
  );
  await expect(frame).toHaveAttribute('allow', /autoplay/);
  await expect(frame).toHaveAttribute('title', `${featured.title} (video player)`);
});
