import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const PAGES = [
  { path: '/', ready: { name: 'Channel statistics', busy: 'false' } },
  { path: '/admin', ready: null },
  { path: '/no/such/page', ready: null },
];

for (const { path, ready } of PAGES) {
  test(`${path} has no WCAG 2.1 A/AA violations`, async ({ page }) => {
    await page.goto(path);
    if (ready) {
      await expect(page.getByRole('list', { name: ready.name })).toHaveAttribute('aria-busy', ready.busy);
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}
