import type { Video } from '@app/contracts';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { axeReport, SERIOUS } from '../support/axe';

/** The newest demo video's page. */
async function watchPage(request: APIRequestContext): Promise<string> {
  const [video] = (await (await request.get('/api/videos?sort=recent&limit=1')).json()) as Video[];
  return `/videos/${video.id}`;
}

/** Every public page, the dashboard's login among them, each loaded once per width. */
const PAGES: {
  name: string;
  path: string | ((request: APIRequestContext) => Promise<string>);
  ready: { name: string; busy: string } | null;
}[] = [
  { name: '/', path: '/', ready: { name: 'Channel statistics', busy: 'false' } },
  { name: 'a watch page', path: watchPage, ready: null },
  { name: '/admin', path: '/admin', ready: null },
  { name: '/no/such/page', path: '/no/such/page', ready: null },
];

for (const { name, path, ready } of PAGES) {
  test(`${name} has no WCAG 2.1 A/AA violations (experimental rules included)`, async ({ page }) => {
    await page.goto(typeof path === 'string' ? path : await path(page.request));
    if (ready) {
      await expect(page.getByRole('list', { name: ready.name })).toHaveAttribute('aria-busy', ready.busy);
    }
    // The settled page: the app started (until then the server's shell may still show, and the app's first render of
    // /admin is the loader of its lazy chunk, with neither a heading nor a main landmark), its chunks loaded and its
    // data in, then the heading and the landmark it is checked for.
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    expect(await axeReport(page)).toEqual([]);
  });
}

test('/ stays free of serious and critical violations with View All, a player and the menu open', async ({
  page,
  isMobile,
}) => {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>player</title>' }),
  );
  const home = new HomePage(page);
  await home.goto();
  await home.loaded();
  await home.viewAll.click();
  await expect(home.search).toBeVisible();
  // View All's list is windowed: its mounted cards follow the scroll (the click on View All scrolled the page), so
  // a card's id read before the list has measured itself may be gone a moment later. The card played is whichever
  // is first at the click, and its player is found in the list (the playing card's row stays mounted).
  await home.videoCards
    .first()
    .getByRole('button', { name: /^Play / })
    .click();
  await expect(home.videos.locator('article iframe')).toBeVisible();
  expect(await axeReport(page, { impacts: SERIOUS })).toEqual([]);
  if (isMobile) {
    await home.openMenu();
    expect(await axeReport(page, { impacts: SERIOUS })).toEqual([]);
  }
});

test('/ is keyboard reachable: skip through the bar into the hero buttons', async ({ page, isMobile }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.loaded();
  const names: string[] = [];
  for (let i = 0; i < (isMobile ? 5 : 8); i++) {
    await page.keyboard.press('Tab');
    names.push(
      await page.evaluate(
        () =>
          document.activeElement?.textContent?.trim() ||
          document.activeElement?.getAttribute('aria-label') ||
          '',
      ),
    );
  }
  expect(names).toContain('Watch Latest Videos');
  expect(names).toContain('Admin');
});
