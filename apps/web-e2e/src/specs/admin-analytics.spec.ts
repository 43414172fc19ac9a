import { expect, test } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';

test('the range defaults to 30d, lives in the URL, and every subtab draws sample charts', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signIn('?tab=analytics');
  const range = page.getByRole('radiogroup', { name: 'Date range' });
  await expect(range.getByRole('radio')).toHaveCount(4);
  for (const value of ['7d', '30d', '90d', '1y'])
    await expect(range.getByText(value, { exact: true })).toBeVisible();
  await expect(range.getByRole('radio', { name: '30d' })).toBeChecked();
  await expect(page.getByText('Sample data').first()).toBeVisible();

  const subtabs = {
    Performance: 'Sample chart of views and watch hours, last 30 days',
    'Traffic Sources': 'Sample chart of traffic sources',
    Content: 'Sample chart of views of the top five videos',
    Conversions: 'Sample chart of sign-ups and affiliate clicks, last 30 days',
  };
  for (const [subtab, chart] of Object.entries(subtabs)) {
    await admin.subtab(subtab).click();
    const img = page.getByRole('img', { name: chart });
    await expect(img).toBeVisible();
    await expect(img.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('tabpanel').last().getByText('Sample data').first()).toBeVisible();
  }

  await admin.choose('Date range', '7d');
  await expect(page).toHaveURL(/tab=analytics&sub=conversions&range=7d/);
  await expect(
    page.getByRole('img', { name: 'Sample chart of sign-ups and affiliate clicks, last 7 days' }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'Date range' }).getByRole('radio', { name: '7d' }),
  ).toBeChecked();
  await admin.subtab('Performance').click();
  await expect(
    page.getByRole('img', { name: 'Sample chart of views and watch hours, last 7 days' }),
  ).toBeVisible();

  await admin.choose('Date range', '1y');
  await expect(
    page.getByRole('img', { name: 'Sample chart of views and watch hours, last year' }),
  ).toBeVisible();
  await admin.choose('Date range', '30d');
  await expect(page).toHaveURL(/tab=analytics&sub=performance$/);
});

test('the goals of SPEC §9 show as progress: 100 newsletter subscribers and 500K monthly views', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signIn('?tab=analytics&sub=conversions');
  await expect(page.getByText('Newsletter subscribers')).toBeVisible();
  await expect(page.getByText(/\/ 100$/)).toBeVisible();
  await expect(page.getByText(/\/ 500,000$/)).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(2);
});
