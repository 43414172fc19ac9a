import type { Locator, Page } from '@playwright/test';

/** What any path the router does not know shows. */
export class NotFoundPage {
  readonly heading: Locator;
  readonly routerHint: Locator;
  readonly homeLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '404 Page Not Found' });
    this.routerHint = page.getByText(/add the page to the router/i);
    this.homeLink = page.getByRole('link', { name: 'Back to the home page' });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }
}
