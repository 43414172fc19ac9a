import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { serverUrl } from '../support/servers';
import { attachScreenshot } from '../support/screenshots';

// Behaviour, not layout: the desktop project runs it (playwright.config.ts; the phone runs the layout specs).

test.use({ baseURL: serverUrl('empty') });

test('with no content: the empty texts of every section, and zero stats', async ({ page }, testInfo) => {
  const home = new HomePage(page);
  await home.goto();
  await expect(home.stats).toHaveAttribute('aria-busy', 'false');
  await expect(home.stat('videos')).toHaveText('0');
  await expect(home.featured.getByText('No featured video selected', { exact: true })).toBeVisible();
  await expect(
    home.videos.getByText('No videos available. Check back soon!', { exact: true }),
  ).toBeAttached();
  await expect(home.viewAll).toHaveCount(0);
  await expect(home.playlists.getByText('No playlists available yet', { exact: true })).toBeAttached();
  await attachScreenshot(testInfo, 'empty', page, { fullPage: true });
});
