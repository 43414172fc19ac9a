import type { ChannelStats } from '@app/contracts';
import { expect, test } from '@playwright/test';
import { HomePage, type StatName } from '../pages/home-page';
import { compactCountRange } from '../support/count-format';

// Behaviour, not layout: the desktop project runs it (playwright.config.ts; the phone runs the layout specs).

const PLACEHOLDERS: Record<StatName, string> = { subscribers: '125K', videos: '450', views: '12M' };
const FIELDS: Record<StatName, keyof ChannelStats> = {
  subscribers: 'subscriberCount',
  videos: 'videoCount',
  views: 'viewCount',
};

test('rendered by the browser (the shell), the hero shows placeholders, then the channel stats from the API', async ({
  page,
  request,
}) => {
  const stats = (await (await request.get('/api/channel/stats')).json()) as ChannelStats;

  // Hold the page's stats request so the placeholders can be seen before the numbers land.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/channel/stats', async (route) => {
    await held;
    await route.continue();
  });

  const home = new HomePage(page);
  await home.gotoShell();
  await expect(home.heading).toBeVisible();
  for (const [name, placeholder] of Object.entries(PLACEHOLDERS) as [StatName, string][]) {
    await expect(home.stat(name)).toHaveText(placeholder);
  }
  await expect(home.stats).toHaveAttribute('aria-busy', 'true');

  const answered = page.waitForResponse('**/api/channel/stats');
  release();
  expect((await answered).status()).toBe(200);
  await expect(home.stats).toHaveAttribute('aria-busy', 'false');

  for (const name of Object.keys(PLACEHOLDERS) as StatName[]) {
    const text = (await home.stat(name).textContent())?.trim() ?? '';
    const range = compactCountRange(text);
    expect(range, `${name} "${text}" is in the count format`).not.toBeNull();
    const actual = stats[FIELDS[name]];
    expect(actual, `${name}: the API's ${actual} reads ${text}`).toBeGreaterThanOrEqual(range![0]);
    expect(actual).toBeLessThan(range![1]);
    expect(text, `the seeded ${name} differ from the placeholder`).not.toBe(PLACEHOLDERS[name]);
  }
});

test('the top bar links to the admin area', async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await expect(home.adminLink).toHaveAttribute('href', '/admin');
});
