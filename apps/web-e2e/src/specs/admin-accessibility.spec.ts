import type { Page } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { axeReport, SERIOUS } from '../support/axe';
import { expect, test } from '../support/test';

/**
 * Every tab and subtab of the dashboard, by its URL. `toast` shows a toast in one view, scanned with it: an
 * affiliate program without its fields is refused in the page, with no request and nothing changed.
 */
const VIEWS: { query: string; ready: string; toast?: (page: Page) => Promise<void> }[] = [
  { query: '', ready: 'Featured Video' },
  {
    query: '?tab=monetization&sub=affiliates',
    ready: 'Add affiliate program',
    toast: (page) => page.getByRole('button', { name: 'Add Program' }).click(),
  },
  { query: '?tab=monetization&sub=adsense', ready: 'Google AdSense' },
  { query: '?tab=monetization&sub=sponsorships', ready: 'Sponsorships' },
  { query: '?tab=design&sub=themes', ready: 'Custom colors' },
  { query: '?tab=design&sub=layout', ready: 'Hero background' },
  { query: '?tab=design&sub=branding', ready: 'Branding' },
  { query: '?tab=design&sub=typography', ready: 'Preview' },
  { query: '?tab=integrations&sub=overview', ready: 'Integrations' },
  { query: '?tab=integrations&sub=analytics', ready: 'Plausible' },
  { query: '?tab=integrations&sub=notifications', ready: 'Discord' },
  { query: '?tab=integrations&sub=advanced', ready: 'Mailchimp' },
  { query: '?tab=analytics&sub=performance', ready: 'Views and visitors' },
  { query: '?tab=analytics&sub=traffic', ready: 'Traffic sources' },
  { query: '?tab=analytics&sub=content', ready: 'Top videos' },
  { query: '?tab=analytics&sub=conversions', ready: 'Goals' },
  // The YouTube source on a stack with no Google account: the notice where its four subtabs would be.
  { query: '?tab=analytics&sub=youtube-overview', ready: 'YouTube Analytics is not connected' },
  { query: '?tab=settings&sub=general', ready: 'General' },
  { query: '?tab=settings&sub=seo', ready: 'Meta tags' },
  { query: '?tab=settings&sub=legal', ready: 'Legal' },
  { query: '?tab=settings&sub=security', ready: 'Change password' },
  { query: '?tab=settings&sub=backup', ready: 'Import' },
];

test('the login screen has no serious or critical axe violation', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.goto();
  await expect(admin.loginHeading).toBeVisible();
  expect(await axeReport(page, { impacts: SERIOUS })).toEqual([]);
});

// One test per tab (its subtabs in turn), so the tabs spread over the workers.
const TABS = [...new Set(VIEWS.map(({ query }) => /tab=(\w+)/.exec(query)?.[1] ?? 'content'))];
for (const tab of TABS) {
  test(`every subtab of ${tab}: no serious or critical axe violation, nothing wider than the screen`, async ({
    page,
    isMobile,
  }) => {
    const admin = new AdminPage(page);
    const views = VIEWS.filter((v) => (/tab=(\w+)/.exec(v.query)?.[1] ?? 'content') === tab);
    // An axe scan takes 3-6 s on a loaded 2-core machine: the budget grows with the subtabs (settings has five,
    // and its test once ran out of the default 30 s on a slow host at 29 s for four).
    test.setTimeout(20_000 + 10_000 * views.length);
    await admin.signIn(views[0].query);
    for (const [i, { query, ready, toast }] of views.entries()) {
      await test.step(query || '/admin', async () => {
        // The next subtab by its URL inside the page (the router follows history), not a page load each time:
        // admin-session covers loading a subtab's URL.
        if (i > 0) {
          await page.evaluate((url) => {
            history.pushState(null, '', url);
            dispatchEvent(new PopStateEvent('popstate'));
          }, `/admin${query}`);
        }
        expect(new URL(page.url()).search).toBe(query);
        await expect(admin.card(ready)).toBeVisible();
        // Charts draw after a frame or two; skeletons and loaders must be gone.
        await expect(page.getByRole('status')).toHaveCount(0);
        if (toast) {
          await toast(page);
          // The pointer on the toast holds it open (it closes after 5 s) for the whole scan.
          await admin.toast.hover();
        }
        // A subtab's cards are the same markup on a phone as on desktop, which scans each of them; the phone scans
        // what differs there, each tab's first view with its navigation, and checks every subtab's width.
        if (!isMobile || i === 0) expect(await axeReport(page, { impacts: SERIOUS }), query).toEqual([]);
        if (toast) await expect(admin.toast, 'the toast was scanned').toBeVisible({ timeout: 0 });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${query}: horizontal overflow in px`).toBeLessThanOrEqual(0);
      });
    }
  });
}
