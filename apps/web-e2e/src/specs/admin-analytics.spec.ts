import { AdminPage } from '../pages/admin-page';
import { expect, test } from '../support/test';

const NOTHING_YET = 'Nothing recorded yet';

test('the range defaults to 30d, lives in the URL, and drives every subtab of measured figures', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  const asked = page.waitForRequest((req) => req.url().endsWith('/api/admin/analytics?range=30d'));
  await admin.signIn('?tab=analytics');
  await asked;
  const range = page.getByRole('radiogroup', { name: 'Date range' });
  await expect(range.getByRole('radio')).toHaveCount(4);
  for (const value of ['7d', '30d', '90d', '1y'])
    await expect(range.getByText(value, { exact: true })).toBeVisible();
  await expect(range.getByRole('radio', { name: '30d' })).toBeChecked();

  // Each subtab: its card, with a chart of the range or the empty state (the stack may have no visits yet).
  const subtabs = {
    Performance: ['Views and visitors', /^Chart of views, visitors and plays per day, last 30 days$/],
    'Traffic Sources': ['Traffic sources', /^Chart of traffic sources, last 30 days$/],
    Content: ['Top videos', /^Chart of plays of the top videos, last 30 days$/],
    Conversions: [
      'Subscribe and affiliate clicks',
      /^Chart of subscribe and affiliate clicks per day, last 30 days$/,
    ],
  } as const;
  for (const [subtab, [title, chart]] of Object.entries(subtabs)) {
    await admin.subtab(subtab).click();
    const card = page.getByRole('region', { name: title });
    await expect(card.getByRole('img', { name: chart }).or(card.getByText(NOTHING_YET))).toBeVisible();
    const img = card.getByRole('img', { name: chart });
    if (await img.count()) await expect(img.locator('svg.recharts-surface').first()).toBeVisible();
  }
  await expect(page.getByText('Sample data')).toHaveCount(0);

  const week = page.waitForRequest((req) => req.url().endsWith('/api/admin/analytics?range=7d'));
  await admin.choose('Date range', '7d');
  await week;
  await expect(page).toHaveURL(/tab=analytics&sub=conversions&range=7d/);
  await expect(page.getByText('Last 7 days, per day.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'Date range' }).getByRole('radio', { name: '7d' }),
  ).toBeChecked();
  await admin.subtab('Performance').click();
  await expect(page.getByText(/^Last 7 days, per day\./)).toBeVisible();

  await admin.choose('Date range', '1y');
  await expect(page.getByText(/^Last year, per week\./)).toBeVisible();
  await admin.choose('Date range', '30d');
  await expect(page).toHaveURL(/tab=analytics&sub=performance$/);
});

test('the default goals show as progress: 100 newsletter subscribers and 500K monthly views', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signIn('?tab=analytics&sub=conversions');
  await expect(page.getByText('Newsletter subscribers')).toBeVisible();
  await expect(page.getByText(/\/ 100$/)).toBeVisible();
  await expect(page.getByText(/\/ 500,000$/)).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(2);
});
