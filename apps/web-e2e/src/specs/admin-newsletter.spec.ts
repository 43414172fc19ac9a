import type { NewsletterSummary } from '@app/contracts';
import { readFile } from 'node:fs/promises';
import { AdminPage } from '../pages/admin-page';
import { axeReport, SERIOUS } from '../support/axe';
import { expect, test } from '../support/test';

// Issue 14: the Newsletter card's Subscribe form, end to end on the admin stack (it allows writes).
test('a sign-up from / shows in the admin count and the CSV download', async ({ page }) => {
  const email = `reader-${Date.now()}@mail.test`;
  await page.goto('/');
  await page.getByRole('button', { name: /^Subscribe:/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Subscribe:/ });
  await expect(dialog.getByLabel('E-mail address')).toBeFocused();
  expect(
    await axeReport(page, { include: '[role="dialog"]', tags: ['wcag2a', 'wcag2aa'], impacts: SERIOUS }),
  ).toEqual([]);
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  // The local list, or Mailchimp's double opt-in should another spec have set an audience meanwhile.
  await expect(dialog.getByRole('status')).toContainText(/You are subscribed|Check your inbox/);

  try {
    await new AdminPage(page).signIn('?tab=integrations&sub=advanced');
    const res = await page.request.get('/api/admin/newsletter/summary');
    const summary = (await res.json()) as NewsletterSummary;
    expect(summary.subscribers).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('newsletter-subscribers')).toHaveText(String(summary.subscribers));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('email,signed up at,Mailchimp status');
    expect(csv).toContain(`\r\n${email},`);
  } finally {
    const removed = await page.request.delete(
      `/api/admin/newsletter/subscribers/${encodeURIComponent(email)}`,
    );
    expect(removed.status(), await removed.text()).toBe(200);
  }
});
