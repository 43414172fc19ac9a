import { expect, type Locator, type Page } from '@playwright/test';

export type StatName = 'subscribers' | 'videos' | 'views';

/** The public home page (`/`). */
export class HomePage {
  readonly heading: Locator;
  readonly stats: Locator;
  readonly adminLink: Locator;
  readonly header: Locator;
  readonly menuButton: Locator;
  readonly menu: Locator;
  readonly hero: Locator;
  readonly watchButton: Locator;
  readonly featured: Locator;
  readonly videos: Locator;
  readonly videoCards: Locator;
  readonly viewAll: Locator;
  readonly search: Locator;
  readonly sort: Locator;
  readonly playlists: Locator;
  readonly community: Locator;
  readonly subscribeBanner: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.stats = page.getByRole('list', { name: 'Channel statistics' });
    this.header = page.getByRole('banner');
    this.adminLink = this.header.getByRole('link', { name: 'Admin' });
    this.menuButton = this.header.getByRole('button', { name: 'Open menu' });
    this.menu = page.getByRole('dialog', { name: 'Menu' });
    this.hero = page.locator('section#home');
    this.watchButton = this.hero.getByRole('button', { name: 'Watch Latest Videos' });
    this.featured = page.locator('section#featured');
    this.videos = page.locator('section#videos');
    this.videoCards = this.videos.locator('article[data-video-id]');
    this.viewAll = this.videos.getByRole('button', { name: 'View All' });
    this.search = this.videos.getByRole('searchbox', { name: 'Search videos' });
    this.sort = this.videos.getByRole('combobox', { name: 'Sort by' });
    this.playlists = page.locator('section#playlists');
    this.community = page.locator('section#about');
    this.subscribeBanner = page.getByTestId('subscribe-banner');
  }

  /** Opens the page and waits until it answers clicks (a server-rendered page shows its content before). */
  async goto(path = '/'): Promise<void> {
    await this.page.goto(path);
    await this.page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  }

  /**
   * Opens `/` as the browser renders it by itself, from the prerendered shell (as a cold start with the API down
   * serves it): its loading states (SPEC) show until the data arrives. The server renders `/` with its data.
   */
  async gotoShell(): Promise<void> {
    const shell = await this.page.request.get('/index.html');
    await this.page.route(
      (url) => url.pathname === '/',
      (route) =>
        route.request().resourceType() === 'document' ? route.fulfill({ response: shell }) : route.fallback(),
    );
    await this.goto('/');
  }

  stat(name: StatName): Locator {
    return this.page.getByTestId(`stat-${name}-value`);
  }

  /** Waits until the page's data has arrived (stats, videos, playlists). */
  async loaded(): Promise<void> {
    await expect(this.stats).toHaveAttribute('aria-busy', 'false');
    await expect(this.videos.getByRole('status')).toHaveCount(0);
  }

  card(title: string): Locator {
    return this.videoCards.filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** Opens the slide-out menu on small screens. */
  async openMenu(): Promise<void> {
    await this.menuButton.click();
    await expect(this.menu).toBeVisible();
  }

  /** The section's link in the top bar, or in the menu on a small screen. */
  async navigate(label: 'Home' | 'Videos' | 'Playlists' | 'About', isMobile: boolean): Promise<void> {
    if (isMobile) {
      await this.openMenu();
      await this.menu.getByRole('link', { name: label, exact: true }).click();
    } else {
      await this.header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    }
  }

  iframes(): Locator {
    return this.page.locator('iframe[src*="youtube-nocookie.com/embed/"]');
  }
}
