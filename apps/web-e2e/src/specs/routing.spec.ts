import { expect, test } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { HomePage } from '../pages/home-page';
import { NotFoundPage } from '../pages/not-found-page';

// Behaviour, not layout: the desktop project runs it (playwright.config.ts; the phone runs the layout specs).

test('an unknown path shows the 404 page with the router hint', async ({ page }) => {
  const notFound = new NotFoundPage(page);
  await notFound.goto('/no/such/page');
  await expect(notFound.heading).toBeVisible();
  await expect(notFound.routerHint).toBeVisible();

  await notFound.homeLink.click();
  await expect(page).toHaveURL('/');
  await expect(new HomePage(page).heading).toBeVisible();
});

test('a missing file opened in the browser shows the same 404 page, with a 404 status', async ({ page }) => {
  const notFound = new NotFoundPage(page);
  const response = await page.goto('/about.html');
  expect(response?.status()).toBe(404);
  await expect(notFound.heading).toBeVisible();
  await expect(notFound.routerHint).toBeVisible();
});

test('/admin shows the login screen to a visitor without a session', async ({ page }) => {
  const admin = new AdminPage(page);
  const session = page.waitForResponse('**/api/auth/session');
  await admin.goto();
  expect((await session).status(), 'signed out is no error').toBe(200);
  await expect(admin.loginHeading).toBeVisible();
  await expect(admin.dashboardHeading).toHaveCount(0);
});

test("the login screen paints without the dashboard's code, which comes while the owner types", async ({
  page,
}) => {
  // The requests meant: the dashboard's chunk, held until the end; the login screen must not wait for it.
  const dashboardChunk = /^\/assets\/dashboard-[\w-]+\.js$/;
  const held: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((done) => (release = done));
  await page.route(
    (url) => dashboardChunk.test(url.pathname),
    async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await gate;
      await route.continue();
    },
  );
  const admin = new AdminPage(page);
  await admin.goto();
  await expect(admin.loginHeading).toBeVisible();
  await expect(admin.password).toBeEditable();
  expect(held, 'not asked for before the owner starts on the form').toEqual([]);
  await admin.username.fill('someone');
  // Asked for once the form has the focus, and still held: the screen above did not need it.
  await expect.poll(() => held).toEqual([expect.stringMatching(dashboardChunk)]);
  await expect(admin.loginButton).toBeEnabled();
  release();
});

test('/admin loads its own script chunk, which / never requests', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });

  await new HomePage(page).goto();
  await expect(new HomePage(page).stats).toHaveAttribute('aria-busy', 'false');
  await page.waitForLoadState('networkidle');
  const onHome = [...scripts];
  scripts.length = 0;

  await new AdminPage(page).goto();
  await expect(new AdminPage(page).loginHeading).toBeVisible();
  const adminOnly = scripts.filter((path) => !onHome.includes(path));

  expect(onHome.length).toBeGreaterThan(0);
  expect(adminOnly, 'a chunk only /admin loads').toContainEqual(
    expect.stringMatching(/^\/assets\/admin-page-.+\.js$/),
  );
  expect(onHome.filter((path) => path.includes('admin-page'))).toEqual([]);
});
