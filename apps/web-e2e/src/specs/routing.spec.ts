import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, AdminPage } from '../pages/admin-page';
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

test('/admin shows the login screen to a visitor without a session, without asking for one', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  const sessionChecks: string[] = [];
  page.on('request', (req) => req.url().includes('/api/auth/session') && sessionChecks.push(req.url()));
  await admin.goto();
  await expect(admin.loginHeading).toBeVisible();
  await expect(admin.dashboardHeading).toHaveCount(0);
  // The app takes the form over (the first focus) and knows nobody is signed in: no cookie, no session.
  await admin.username.focus();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
  await expect(admin.loginHeading).toBeVisible();
  expect(sessionChecks).toEqual([]);
});

test('a session cookie that names no session: the app asks, signed out is no error, then the login screen', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'sid', value: 'no-such-session', url: baseURL! }]);
  const admin = new AdminPage(page);
  const session = page.waitForResponse('**/api/auth/session');
  await admin.goto();
  expect((await session).status(), 'signed out is no error').toBe(200);
  await expect(admin.loginHeading).toBeVisible();
  await expect(admin.dashboardHeading).toHaveCount(0);
});

test('the login screen is in the page itself: it paints and reads without script', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    const admin = new AdminPage(page);
    await admin.goto();
    await expect(admin.loginHeading).toBeVisible();
    await expect(page).toHaveTitle('Admin login');
    await expect(admin.username).toBeEditable();
    await expect(admin.password).toBeEditable();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    await expect(page.getByText('Default credentials')).toBeVisible();
  } finally {
    await context.close();
  }
});

/** Holds the chunk that takes the login screen over until the returned function is called. */
async function holdTakeover(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((done) => (release = done));
  await page.route(/\/assets\/admin-login-app-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('the app takes the login screen over in place: nothing moves, and what was typed stays', async ({
  page,
}) => {
  const release = await holdTakeover(page);
  const admin = new AdminPage(page);
  await admin.goto();
  await expect(admin.loginHeading).toBeVisible();
  await page.evaluate(() => {
    (window as { shifts?: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        (window as { shifts?: number }).shifts! += entry.value;
    }).observe({ type: 'layout-shift' });
  });
  const heading = await admin.loginHeading.elementHandle();
  await admin.username.fill('admin');
  await admin.password.fill('not-the-password');
  expect(await page.locator('html').getAttribute('data-app'), 'the app is not there yet').not.toBe('running');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // The same elements, not a new rendering of them, in the same places; the fields keep what was typed, and the
  // app signs in with it.
  expect(await page.evaluate(() => (window as { shifts?: number }).shifts)).toBe(0);
  expect(await heading!.evaluate((el) => el.isConnected)).toBe(true);
  await expect(admin.username).toHaveValue('admin');
  await admin.loginButton.click();
  await admin.expectDestructiveToast('Login failed', '401: Invalid username or password');
});

test('a click on the login screen before its app is there waits for it, and signs in', async ({ page }) => {
  const release = await holdTakeover(page);
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.username.fill(ADMIN_USERNAME);
  await admin.password.fill(ADMIN_PASSWORD);
  await admin.loginButton.click();
  expect(await page.locator('html').getAttribute('data-app'), 'the app is not there yet').not.toBe('running');
  release();
  await admin.expectToast('Login successful', 'Welcome to the admin dashboard');
  await expect(admin.dashboardHeading).toBeVisible();
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

  const admin = new AdminPage(page);
  await admin.goto();
  await expect(admin.loginHeading).toBeVisible();
  // The login screen paints without its app, which comes at the first sign of intent.
  await admin.username.focus();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
  const adminOnly = scripts.filter((path) => !onHome.includes(path));

  expect(onHome.length).toBeGreaterThan(0);
  expect(adminOnly, 'a chunk only /admin loads').toContainEqual(
    expect.stringMatching(/^\/assets\/admin-page-.+\.js$/),
  );
  expect(onHome.filter((path) => path.includes('admin-page'))).toEqual([]);
});
