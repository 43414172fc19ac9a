import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { attachScreenshot } from '../support/screenshots';

test('the sections come in the SPEC order with their anchors', async ({ page }, testInfo) => {
  const home = new HomePage(page);
  await home.goto();
  await home.loaded();
  const order = await page
    .locator('main > section, main > aside')
    .evaluateAll((sections) => sections.map((s) => s.id || s.getAttribute('aria-label')));
  expect(order).toEqual(['home', 'featured', 'videos', 'Subscribe', 'playlists', 'about']);
  await expect(page.getByRole('heading', { name: 'Featured Video' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest Videos' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Featured Playlists' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Join the Community' })).toBeAttached();
  await attachScreenshot(testInfo, 'home-full', page, { fullPage: true });
});

test('the top bar has the logo, the section links and the admin link', async ({ page, isMobile }) => {
  const home = new HomePage(page);
  await home.goto();
  // The site's name: the title setting, else the synced channel's name.
  const { siteTitle } = (await (await page.request.get('/api/settings')).json()) as { siteTitle: string };
  expect(siteTitle).not.toBe('');
  await expect(home.header.getByRole('link', { name: `${siteTitle} home` })).toBeVisible();
  await expect(home.adminLink).toHaveAttribute('href', '/admin');
  await expect(home.adminLink).toBeVisible();
  const nav = home.header.getByRole('navigation', { name: 'Main' });
  if (isMobile) {
    await expect(nav).toBeHidden();
    await expect(home.menuButton).toBeVisible();
  } else {
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Videos', 'Playlists', 'About']);
    await expect(home.menuButton).toBeHidden();
  }
});

for (const [label, id] of [
  ['Videos', 'videos'],
  ['Playlists', 'playlists'],
  ['About', 'about'],
  ['Home', 'home'],
] as const) {
  test(`${label} scrolls smoothly to #${id}`, async ({ page, isMobile }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.loaded();
    if (id === 'home') {
      // The page scrolls smoothly (scroll-behavior on <html>), so a plain scrollTo would still be moving when
      // `before` is read; this one jumps, and the test waits until it has landed.
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
      );
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    }
    const before = await page.evaluate(() => window.scrollY);
    await home.navigate(label, isMobile);
    if (isMobile) await expect(home.menu).toBeHidden();
    // The section arrives under the fixed bar (or the page ends, for the last one). Arrives: a section above the
    // viewport (Home, seen from the bottom) has a negative top too, which would pass before the scroll began.
    await expect
      .poll(() =>
        page.evaluate((sectionId) => {
          const top = document.getElementById(sectionId)!.getBoundingClientRect().top;
          const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
          return top >= -2 && (top <= 70 || (atEnd && top < window.innerHeight));
        }, id),
      )
      .toBe(true);
    const after = await page.evaluate(() => window.scrollY);
    expect(after).not.toBe(before);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe(
      'smooth',
    );
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
  });
}

test('the mobile menu slides out from the right with an Admin entry, and Esc closes it', async ({
  page,
  isMobile,
}, testInfo) => {
  test.skip(!isMobile, 'the menu is for small screens');
  const home = new HomePage(page);
  await home.goto();
  await home.openMenu();
  // It slides in from the right edge and stays against it.
  await expect
    .poll(async () => Math.round((await home.menu.boundingBox())!.x + (await home.menu.boundingBox())!.width))
    .toBe(390);
  expect((await home.menu.boundingBox())!.x).toBeGreaterThan(0);
  await expect(home.menu.getByRole('link')).toHaveText(['Home', 'Videos', 'Playlists', 'About', 'Admin']);
  await expect(home.menu.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  await attachScreenshot(testInfo, 'menu-open', page);
  await page.keyboard.press('Escape');
  await expect(home.menu).toBeHidden();
  await home.openMenu();
  await home.menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(home.menu).toBeHidden();
});

test(
  'the admin chunk is not loaded on /, and / loads neither the router, the toast host nor the passkey (WebAuthn) code',
  { tag: '@behaviour' },
  async ({ page }) => {
    const scripts: string[] = [];
    const bodies: Promise<{ script: string; body: string }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      const script = new URL(res.url()).pathname;
      scripts.push(script);
      bodies.push(
        res.text().then(
          (body) => ({ script, body }),
          () => ({ script, body: '' }),
        ),
      );
    });
    const home = new HomePage(page);
    await home.goto();
    await home.loaded();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /admin|\/app-/.test(s))).toEqual([]);
    // Each by its own words in the build: Mantine's notifications component (the public pages never toast, issue
    // 23) and @simplewebauthn/browser (loaded from the admin chunk only, when a passkey is used).
    const loaded = await Promise.all(bodies);
    const loading = (words: string) => loaded.filter(({ body }) => body.includes(words)).map((s) => s.script);
    expect(loading('@mantine/notifications/Notifications')).toEqual([]);
    expect(loading('WebAuthn is not supported')).toEqual([]);
  },
);
