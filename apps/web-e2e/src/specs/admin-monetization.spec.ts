import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import type { Page } from '@playwright/test';
import { readSetting, recordSettingPosts, savedSetting, writeSetting } from '../pages/admin-api';
import { AdminPage } from '../pages/admin-page';
import { expect, test } from '../support/test';

// The AdSense tests share the publisher id and the affiliate tests the program list (one
// expects it empty while another adds to it), so the tests run in order, as in the other admin specs.
test.describe.configure({ mode: 'default' });

test('four revenue cards with measured figures only: no invented money, AdSense links out', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signIn('?tab=monetization');
  const revenue = page.getByRole('region', { name: 'Revenue this month' });
  await expect(revenue.getByText('Sample data')).toHaveCount(0);
  await expect(revenue.getByTestId('revenue-total')).toContainText(/Total Revenue\$\d{1,3}(,\d{3})*\.\d{2}/);
  await expect(revenue.getByTestId('revenue-total')).toContainText('Measured money only: sponsorships');
  await expect(revenue.getByTestId('revenue-sponsorships')).toContainText(
    /Sponsorships\$\d{1,3}(,\d{3})*\.\d{2}/,
  );
  const adsense = revenue.getByTestId('revenue-adsense');
  await expect(adsense).toContainText('Earnings are only available in AdSense (Google sign-in)');
  await expect(adsense).not.toContainText('$');
  await expect(adsense.getByRole('link', { name: /Open AdSense/ })).toHaveAttribute(
    'href',
    'https://www.google.com/adsense/',
  );
  await expect(revenue.getByTestId('revenue-affiliate')).toContainText(
    /Affiliate(\d{1,3}(,\d{3})* clicks|—)/,
  );
});

/**
 * The AdSense subtab with its publisher id and slot ids at their defaults, set through the API: each test starts
 * from the same state whether or not it ran before on this stack (a flake hunt repeats it).
 */
async function openAdSense(page: Page): Promise<AdminPage> {
  const admin = new AdminPage(page);
  await admin.signIn('?tab=monetization&sub=adsense');
  await writeSetting(page.request, 'adsensePublisherId', PUBLIC_SETTINGS_DEFAULTS.adsensePublisherId);
  await writeSetting(page.request, 'adSlots', PUBLIC_SETTINGS_DEFAULTS.adSlots);
  await page.reload();
  return admin;
}

test.describe('AdSense', () => {
  test('publisher id: one save after a burst of typing, kept after a reload', async ({ page }) => {
    const admin = await openAdSense(page);
    const field = page.getByLabel('Publisher ID');
    const posts = recordSettingPosts(page, 'adsensePublisherId');
    const id = 'ca-pub-1234567890123456';

    const saved = await savedSetting(page, 'adsensePublisherId', async () => {
      await field.click();
      await field.pressSequentially(id, { delay: 20 });
    });
    expect(saved).toEqual({ status: 200, sent: id });
    await admin.expectToast('Settings updated', 'Publisher ID updated');
    await page.waitForTimeout(1200);
    expect(posts, 'one request for the whole burst').toHaveLength(1);
    expect(await readSetting(page.request, 'adsensePublisherId')).toBe(id);

    await page.reload();
    await expect(page.getByLabel('Publisher ID')).toHaveValue(id);
  });

  test('a bad publisher id gets the failure toast naming the key, and nothing is stored', async ({
    page,
  }) => {
    const admin = new AdminPage(page);
    await admin.signIn('?tab=monetization&sub=adsense');
    const before = await readSetting(page.request, 'adsensePublisherId');
    const field = page.getByLabel('Publisher ID');
    await field.fill('pub-123');
    const saved = await savedSetting(page, 'adsensePublisherId', () => field.blur());
    expect(saved.status).toBe(400);
    await admin.expectDestructiveToast(
      'Failed to update settings',
      '400: adsensePublisherId: must be like ca-pub-1234567890123456',
    );
    expect(await readSetting(page.request, 'adsensePublisherId')).toBe(before);
  });

  test('the six ad slot ids save as one object', async ({ page }) => {
    await openAdSense(page);
    const slots = {
      'Display (vertical)': ['displayVertical', '1111111111'],
      'Display (square)': ['displaySquare', '2222222222'],
      'Display (horizontal)': ['displayHorizontal', '3333333333'],
      'In-feed': ['inFeed', '4444444444'],
      Multiplex: ['multiplex', '5555555555'],
      'In-article': ['inArticle', '6666666666'],
    } as const;
    for (const [label, [, value]] of Object.entries(slots)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await savedSetting(page, 'adSlots', () => page.getByLabel('In-article', { exact: true }).blur());
    const expected = Object.fromEntries(Object.values(slots).map(([key, value]) => [key, value]));
    await expect.poll(() => readSetting(page.request, 'adSlots')).toEqual(expected);

    await page.reload();
    for (const [label, [, value]] of Object.entries(slots)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
  });

  test('the placements start top banner on, in-content on, sticky footer off, and save on change', async ({
    page,
  }) => {
    const admin = new AdminPage(page);
    await admin.signIn('?tab=monetization&sub=adsense');
    const placements = await readSetting(page.request, 'adPlacements');
    expect(placements).toEqual({ topBanner: true, inContent: true, stickyFooter: false });
    const toggles = {
      topBanner: page.getByRole('switch', { name: 'Top banner' }),
      inContent: page.getByRole('switch', { name: 'In-content' }),
      stickyFooter: page.getByRole('switch', { name: 'Sticky footer' }),
    };
    await expect(toggles.topBanner).toBeChecked();
    await expect(toggles.inContent).toBeChecked();
    await expect(toggles.stickyFooter).not.toBeChecked();

    try {
      await admin.flip(toggles.stickyFooter);
      await admin.expectToast('Settings updated', 'Sticky footer placement updated');
      await admin.flip(toggles.topBanner);
      await admin.expectToast('Settings updated', 'Top banner placement updated');
      await admin.flip(toggles.inContent);
      await admin.expectToast('Settings updated', 'In-content placement updated');
      await expect
        .poll(() => readSetting(page.request, 'adPlacements'))
        .toEqual({ topBanner: false, inContent: false, stickyFooter: true });
      await page.reload();
      await expect(toggles.stickyFooter).toBeChecked();
      await expect(toggles.topBanner).not.toBeChecked();
      await expect(toggles.inContent).not.toBeChecked();

      // And back on: the in-content switch saves in both directions.
      await admin.flip(toggles.inContent);
      await admin.expectToast('Settings updated', 'In-content placement updated');
      await expect
        .poll(() => readSetting(page.request, 'adPlacements'))
        .toEqual({ topBanner: false, inContent: true, stickyFooter: true });
      await page.reload();
      await expect(toggles.inContent).toBeChecked();
    } finally {
      await writeSetting(page.request, 'adPlacements', placements);
    }
  });
});

test.describe('Affiliate Programs', () => {
  test('name and base URL are required', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.signIn('?tab=monetization&sub=affiliates');
    const posts = recordSettingPosts(page, 'affiliatePrograms');
    await page.getByRole('button', { name: 'Add Program' }).click();
    await admin.expectDestructiveToast('Missing information', 'Please fill in the program name and base URL');
    await page.getByLabel('Program name').fill('Only a name');
    await page.getByRole('button', { name: 'Add Program' }).click();
    await admin.expectDestructiveToast('Missing information', 'Please fill in the program name and base URL');
    expect(posts).toHaveLength(0);
  });

  test('a program gets a tracking link with the UTM defaults; copy and remove work', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const admin = new AdminPage(page);
    await admin.signIn('?tab=monetization&sub=affiliates');
    await expect(page.getByLabel('UTM source')).toHaveValue('youtube');
    await expect(page.getByLabel('UTM campaign')).toHaveValue('default');
    await expect(page.getByLabel('UTM medium')).toHaveValue('referral');

    await page.getByLabel('Program name').fill('Gear Shop');
    await page.getByLabel('Base URL').fill('https://gear.example.com/desk?ref=42');
    await page.getByRole('button', { name: 'Add Program' }).click();
    await admin.expectToast('Settings updated', 'Gear Shop added');
    const link =
      'https://gear.example.com/desk?ref=42&utm_source=youtube&utm_medium=referral&utm_campaign=default';
    const program = page.getByTestId('affiliate-program').filter({ hasText: 'Gear Shop' });
    await expect(program.getByTestId('tracking-link')).toHaveText(link);
    await expect(page.getByLabel('Program name'), 'the form is cleared').toHaveValue('');

    const stored = await readSetting(page.request, 'affiliatePrograms');
    expect(stored).toContainEqual({
      id: expect.stringMatching(/^gear-shop/),
      name: 'Gear Shop',
      baseUrl: 'https://gear.example.com/desk?ref=42',
      utmParams: { source: 'youtube', medium: 'referral', campaign: 'default' },
    });

    // A custom source and campaign.
    await page.getByLabel('Program name').fill('Book Store');
    await page.getByLabel('Base URL').fill('https://books.example.org');
    await page.getByLabel('UTM source').fill('channel-site');
    await page.getByLabel('UTM campaign').fill('spring-sale');
    // Saved before the reload below (the list shows the program before its save answers).
    await savedSetting(page, 'affiliatePrograms', () =>
      page.getByRole('button', { name: 'Add Program' }).click(),
    );
    await expect(
      page.getByTestId('affiliate-program').filter({ hasText: 'Book Store' }).getByTestId('tracking-link'),
    ).toHaveText(
      'https://books.example.org/?utm_source=channel-site&utm_medium=referral&utm_campaign=spring-sale',
    );

    await page.reload();
    await expect(program.getByTestId('tracking-link')).toHaveText(link);

    await program.getByRole('button', { name: 'Copy tracking link of Gear Shop' }).click();
    await admin.expectToast('Copied to clipboard', link);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Each click sends the list without its program (a failure names the status, or times out on no request).
    for (const [name, left] of [
      ['Gear Shop', ['Book Store']],
      ['Book Store', []],
    ] as const) {
      const { status, sent } = await savedSetting(page, 'affiliatePrograms', () =>
        page.getByRole('button', { name: `Remove ${name}` }).click(),
      );
      expect({ status, left: sent.map((p) => p.name) }).toEqual({ status: 200, left });
      await admin.expectToast('Settings updated', `${name} removed`);
    }
    await expect(page.getByTestId('affiliate-program')).toHaveCount(0);
    expect(await readSetting(page.request, 'affiliatePrograms')).toEqual([]);
  });

  test('a base URL the API refuses gets the failure toast with its message', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.signIn('?tab=monetization&sub=affiliates');
    await page.getByLabel('Program name').fill('Broken');
    await page.getByLabel('Base URL').fill('not a url');
    await page.getByRole('button', { name: 'Add Program' }).click();
    await admin.expectDestructiveToast(
      'Failed to update settings',
      /400: affiliatePrograms.*must be an http\(s\) URL/,
    );
    await expect(page.getByTestId('affiliate-program')).toHaveCount(0);
  });
});

test('Sponsorships: the form saves a deal (name, URL, message, amount, dates), lists, edits and deletes it', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signIn('?tab=monetization&sub=sponsorships');
  await expect(page.getByLabel('Sponsor URL')).toHaveAttribute('type', 'url');
  await page.getByRole('button', { name: 'Add Sponsorship' }).click();
  await admin.expectDestructiveToast(
    'Missing information',
    'Please fill in the sponsor name, URL, amount, start and end date',
  );

  // A deal over the whole of this month (the browser's calendar): the card counts all of it.
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const month = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
  const lastDay = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  await page.getByLabel('Sponsor name').fill('Acme Labs');
  await page.getByLabel('Sponsor URL').fill('https://acme.example/labs');
  await page.getByLabel('Sponsor message').fill('Thanks to Acme Labs');
  await page.getByLabel('Amount (USD)').fill('1234.5');
  await page.getByLabel('Start date').fill(`${month}-01`);
  await page.getByLabel('End date').fill(`${month}-${pad(lastDay)}`);
  await page.getByRole('button', { name: 'Add Sponsorship' }).click();
  await admin.expectToast('Sponsorship saved', 'Acme Labs added');
  const deal = page.getByTestId('sponsorship').filter({ hasText: 'Acme Labs' });
  await expect(deal).toContainText('$1,234.50');
  await expect(page.getByTestId('revenue-sponsorships')).toContainText('$1,234.50');

  const stored = await page.request.get('/api/admin/sponsorships');
  expect((await stored.json()).sponsorships).toContainEqual({
    id: expect.any(Number),
    sponsorName: 'Acme Labs',
    url: 'https://acme.example/labs',
    message: 'Thanks to Acme Labs',
    amountUsd: 1234.5,
    startDate: `${month}-01`,
    endDate: `${month}-${pad(lastDay)}`,
    // A deal names the videos its sponsor report covers: none unless chosen.
    videoIds: [],
  });

  await page.reload();
  await deal.getByRole('button', { name: 'Edit Acme Labs' }).click();
  await page.getByLabel('Sponsor URL').fill('http://acme.example');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await admin.expectDestructiveToast('Failed to save sponsorship', '400: url: must be an https:// URL');
  await page.getByLabel('Sponsor URL').fill('https://acme.example/new');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await admin.expectToast('Sponsorship saved', 'Acme Labs updated');
  await expect(deal).toContainText('https://acme.example/new');

  await deal.getByRole('button', { name: 'Delete Acme Labs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this sponsorship?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(deal).toHaveCount(1);
  await deal.getByRole('button', { name: 'Delete Acme Labs' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await admin.expectToast('Sponsorship deleted', 'Acme Labs removed');
  await expect(deal).toHaveCount(0);
  await expect(page.getByTestId('revenue-sponsorships')).toContainText('$0.00');
});
