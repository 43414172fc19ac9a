import { SETTINGS_CACHE_KEY } from '@app/contracts/public-settings-defaults';
import { ADMIN_PASSWORD, ADMIN_USERNAME, AdminPage } from '../pages/admin-page';
import { expect, test } from '../support/test';

test.describe('session', () => {
  test(
    'the login screen asks for both fields and warns about the default credentials',
    { tag: '@behaviour' },
    async ({ page }) => {
      const admin = new AdminPage(page);
      await admin.goto();
      await expect(admin.loginHeading).toBeVisible();
      await expect(admin.username).toHaveAttribute('required', '');
      await expect(admin.password).toHaveAttribute('required', '');
      const warning = page.getByRole('alert').filter({ hasText: 'Default credentials' });
      await expect(warning).toContainText('ADMIN_PASSWORD');
      for (const name of [
        'YOUTUBE_API_KEY',
        'GOOGLE_ANALYTICS_ID',
        'DISCORD_WEBHOOK_URL',
        'MAILCHIMP_API_KEY',
      ]) {
        await expect(warning).toContainText(name);
      }

      // Browser-level validation: an empty form is not sent.
      let loginCalls = 0;
      page.on('request', (req) => {
        if (req.url().endsWith('/api/auth/login')) loginCalls += 1;
      });
      await admin.loginButton.click();
      await expect(admin.username).toHaveJSProperty('validity.valueMissing', true);
      expect(loginCalls).toBe(0);
    },
  );

  test(
    'a wrong password shows the destructive toast with the server message',
    { tag: '@behaviour' },
    async ({ page }) => {
      const admin = new AdminPage(page);
      await admin.goto();
      await admin.submitLogin('not-the-password');
      await admin.expectDestructiveToast('Login failed', '401: Invalid username or password');
      await expect(admin.loginHeading).toBeVisible();
    },
  );

  test('a toast goes when swiped 50 px to the right, and stays for a shorter swipe', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.goto();
    await admin.submitLogin('not-the-password');
    const toast = await admin.expectDestructiveToast('Login failed');
    const swipe = async (dx: number) => {
      // From where the toast rests: taken while it still slid in (or sprang back), the drag could end past the
      // window's edge, where the browser delivers no mouseup and the swipe never ends (a flake, 1 in 10 without
      // traces).
      await expect
        .poll(() => toast.evaluate((el) => getComputedStyle(el).transform))
        .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 40, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 40 + dx, y, { steps: 8 });
      await page.mouse.up();
    };
    await swipe(30);
    await expect(toast).toBeVisible();
    await swipe(60);
    await expect(toast).toBeHidden();
  });

  test('login shows Logging in... then the dashboard without a reload; logout flips back and clears the cache', async ({
    page,
  }) => {
    const admin = new AdminPage(page);
    await admin.goto();
    await expect(admin.loginHeading).toBeVisible();
    await expect(page).toHaveTitle('Admin login');
    // Page loads (not the router's own history entries: it writes one as the app takes the login screen over).
    const navigations: string[] = [];
    page.on('domcontentloaded', () => navigations.push(page.url()));

    // Hold the login call to see the pending state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await admin.username.fill(ADMIN_USERNAME);
    await admin.password.fill(ADMIN_PASSWORD);
    await admin.password.press('Enter');
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();

    await admin.expectToast('Login successful', 'Welcome to the admin dashboard');
    await expect(admin.dashboardHeading).toBeVisible();
    await expect(page.getByTestId('counter-videos')).toBeVisible();
    await expect(page).toHaveTitle('Admin dashboard');
    expect(navigations, 'no page load').toEqual([]);

    // Logout: back to the login form, no reload, and the cached data is gone: signing in again
    // loads the videos again although nothing marked them stale.
    await admin.logoutButton.click();
    await admin.expectToast('Logged out successfully');
    await expect(admin.loginHeading).toBeVisible();
    expect(navigations).toEqual([]);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    await page.unroute('**/api/auth/login');
    const videosAgain = page.waitForRequest((req) => /\/api\/videos\?.*limit=10/.test(req.url()));
    await admin.submitLogin(ADMIN_PASSWORD);
    await expect(admin.dashboardHeading).toBeVisible();
    await videosAgain;
  });

  test(
    'nothing admin-only stays in the browser: the signed-in admin on / stores the public settings only',
    { tag: '@behaviour' },
    async ({ page }) => {
      const admin = new AdminPage(page);
      await admin.signIn('?tab=settings');
      await expect(page.getByRole('textbox', { name: 'Contact email' })).toBeVisible();
      await page.goto('/');
      // The page's app keeps the copy when it starts: at the visitor's first click it handles.
      await page.locator('html[data-app-ready]').waitFor();
      await page.getByRole('link', { name: 'Videos', exact: true }).first().click();
      const storedCopy = () => page.evaluate((key) => window.localStorage.getItem(key), SETTINGS_CACHE_KEY);
      await expect.poll(storedCopy).not.toBeNull();
      const stored = JSON.parse((await storedCopy())!) as Record<string, unknown>;
      expect(stored).toHaveProperty('siteTitle');
      for (const key of ['contactEmail', 'notificationEmail', 'affiliatePrograms', 'customWebhookUrl']) {
        expect(stored).not.toHaveProperty(key);
      }
    },
  );

  test('a failed logout keeps the dashboard and says why', { tag: '@behaviour' }, async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.signIn();
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 503,
          message: 'Database unavailable',
          error: 'Service Unavailable',
        }),
      }),
    );
    await admin.logoutButton.click();
    await admin.expectDestructiveToast('Logout failed', '503: Database unavailable');
    await expect(admin.dashboardHeading).toBeVisible();
  });
});

test.describe('tabs in the URL', () => {
  test('the open tab and subtab live in the URL: reload, back and shared links work', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.signIn();
    await expect(admin.tab('Content')).toHaveAttribute('aria-selected', 'true');

    await admin.openTab('Design');
    await expect(page).toHaveURL(/\/admin\?tab=design&sub=themes$/);
    await admin.subtab('Typography').click();
    await expect(page).toHaveURL(/\/admin\?tab=design&sub=typography$/);

    await page.reload();
    await expect(admin.tab('Design')).toHaveAttribute('aria-selected', 'true');
    await expect(admin.subtab('Typography')).toHaveAttribute('aria-selected', 'true');

    await page.goBack();
    await expect(page).toHaveURL(/\/admin\?tab=design&sub=themes$/);
    await expect(admin.subtab('Themes')).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(admin.tab('Content')).toHaveAttribute('aria-selected', 'true');

    // A shared link opens straight on its subtab; unknown values fall back to the defaults.
    await admin.goto('?tab=settings&sub=backup');
    await expect(admin.subtab('Backup')).toHaveAttribute('aria-selected', 'true');
    await admin.goto('?tab=nope&sub=nothing');
    await expect(admin.tab('Content')).toHaveAttribute('aria-selected', 'true');
  });

  test('the tabs work from the keyboard', { tag: '@behaviour' }, async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.signIn();
    await admin.tab('Content').focus();
    await page.keyboard.press('ArrowRight');
    await expect(admin.tab('Monetization')).toBeFocused();
    await expect(admin.tab('Monetization')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/tab=monetization&sub=adsense/);
    await page.keyboard.press('End');
    await expect(admin.tab('Settings')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(admin.tab('Settings')).toHaveAttribute('aria-selected', 'true');

    // Into the subtabs and along them, once they show (the Settings panel renders after the selection; a Tab
    // pressed before that leaves the tab list for whatever comes next).
    await expect(admin.subtab('General')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(admin.subtab('General')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(admin.subtab('SEO')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/tab=settings&sub=seo/);
  });
});
