import type { Locator, Page } from '@playwright/test';

export type StatName = 'subscribers' | 'videos' | 'views';

/** The public home page (`/`). */
export class HomePage {
  readonly heading: Locator;
  readonly stats: Locator;
  readonly adminLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.stats = page.getByRole('list', { name: 'Channel statistics' });
    this.adminLink = page.getByRole('banner').getByRole('link', { name: 'Admin' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
  }

  stat(name: StatName): Locator {
    return this.page.getByTestId(`stat-${name}-value`);
  }
}
