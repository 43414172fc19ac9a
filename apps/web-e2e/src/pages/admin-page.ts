import type { Locator, Page } from '@playwright/test';

/** The admin area (`/admin`): login screen or dashboard. */
export class AdminPage {
  readonly loginHeading: Locator;
  readonly dashboardHeading: Locator;

  constructor(readonly page: Page) {
    this.loginHeading = page.getByRole('heading', { name: 'Admin login' });
    this.dashboardHeading = page.getByRole('heading', { name: 'Admin dashboard' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin');
  }
}
