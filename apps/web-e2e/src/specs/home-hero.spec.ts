import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { compactCountRange } from '../support/count-format';

// Behaviour, not layout: the desktop project runs it (playwright.config.ts; the phone runs the layout specs).

const HEADLINES = { A: 'Welcome to the Channel', B: 'Your Gateway to Tech Excellence' };

test('each load shows headline A or B, both turn up, and the prerendered HTML already has the drawn one', async ({
  page,
}) => {
  const home = new HomePage(page);
  const seen = new Set<string>();
  for (let i = 0; i < 40 && seen.size < 2; i++) {
    await home.goto();
    await expect(home.heading).toHaveCount(1);
    const text = (await home.heading.textContent())?.trim() ?? '';
    expect(Object.values(HEADLINES)).toContain(text);
    const drawn = await page.evaluate(() => document.documentElement.dataset.hero);
    expect(text).toBe(HEADLINES[drawn as 'A' | 'B']);
    seen.add(text);
  }
  expect([...seen].sort()).toEqual(Object.values(HEADLINES).sort());
});

test('the headline and the channel stats are in the HTML before any script runs', async ({
  browser,
  request,
}) => {
  const stats = (await (await request.get('/api/channel/stats')).json()) as { subscriberCount: number };
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(HEADLINES.A);
  // Rendered on the server with the API's numbers, not the placeholders of the shell (125K).
  const subscribers = (await page.getByTestId('stat-subscribers-value').textContent()) ?? '';
  const range = compactCountRange(subscribers.trim());
  expect(range, `"${subscribers}" is a count`).not.toBeNull();
  expect(stats.subscriberCount).toBeGreaterThanOrEqual(range![0]);
  expect(stats.subscriberCount).toBeLessThan(range![1]);
  await context.close();
});

test('the watch button counts and logs its clicks, and scrolls to the videos', async ({ page }) => {
  const home = new HomePage(page);
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await home.goto();
  await home.loaded();
  await home.watchButton.click();
  await expect
    .poll(() =>
      page.evaluate(() => Math.round(document.getElementById('videos')!.getBoundingClientRect().top)),
    )
    .toBeLessThanOrEqual(70);
  await page.evaluate(() => window.scrollTo(0, 0));
  await home.watchButton.click();
  // The console message reaches the test a moment after the click (an event from the page).
  await expect
    .poll(() => logs.filter((l) => /^Watch button clicked/.test(l)))
    .toEqual(['Watch button clicked 1 time', 'Watch button clicked 2 times']);
});

test('the subscribe buttons open the subscribe page in a new tab', async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  // Both go to the channel, or without a channel id to a search for the site's name (here the
  // synced channel's, from the settings the page loads).
  const { channelId, siteTitle } = (await (await page.request.get('/api/settings')).json()) as {
    channelId: string;
    siteTitle: string;
  };
  const href = channelId
    ? `https://www.youtube.com/channel/${channelId}?sub_confirmation=1`
    : `https://www.youtube.com/results?search_query=${encodeURIComponent(siteTitle)}&sp=EgIQAg%3D%3D`;
  const subscribe = home.hero.getByRole('link', { name: 'Subscribe' });
  await expect(subscribe).toHaveAttribute('target', '_blank');
  await expect(subscribe).toHaveAttribute('href', href);
  await expect(home.subscribeBanner).toHaveAttribute('target', '_blank');
  await expect(home.subscribeBanner).toHaveAttribute('href', href);
});
