import { expect, type Locator, type Page } from '@playwright/test';

export const ADMIN_USERNAME = 'admin';
/** The development default of a fresh install (the login screen's warning names it). */
export const ADMIN_PASSWORD = 'admin123';

export type AdminTabName = 'Content' | 'Monetization' | 'Design' | 'Integrations' | 'Analytics' | 'Settings';

/** The admin area (`/admin`): login screen or dashboard. */
export class AdminPage {
  readonly loginHeading: Locator;
  readonly dashboardHeading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly loginButton: Locator;
  readonly logoutButton: Locator;
  readonly tabs: Locator;
  readonly toast: Locator;

  constructor(readonly page: Page) {
    this.loginHeading = page.getByRole('heading', { name: 'Admin login' });
    this.dashboardHeading = page.getByRole('heading', { name: 'Admin dashboard' });
    this.username = page.getByLabel('Username');
    this.password = page.getByRole('textbox', { name: 'Password' });
    this.loginButton = page.getByRole('button', { name: /^(Log in|Logging in\.\.\.)$/ });
    this.logoutButton = page.getByRole('button', { name: 'Logout' });
    this.tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
    this.toast = page.locator('.mantine-Notifications-root').getByRole('alert');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/admin${query}`);
  }

  /** Signs in through the API (the page shares the cookies) and opens the dashboard at `query`. */
  async signIn(query = ''): Promise<void> {
    const res = await this.page.request.post('/api/auth/login', {
      data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    expect(res.status(), await res.text()).toBe(200);
    await this.goto(query);
    await expect(this.dashboardHeading).toBeVisible();
  }

  tab(name: AdminTabName): Locator {
    return this.tabs.getByRole('tab', { name });
  }

  /** A subtab of the open tab. */
  subtab(name: string): Locator {
    return this.page.getByRole('tablist').last().getByRole('tab', { name, exact: true });
  }

  async openTab(name: AdminTabName, subtab?: string): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
    if (subtab) {
      await this.subtab(subtab).click();
      await expect(this.subtab(subtab)).toHaveAttribute('aria-selected', 'true');
    }
  }

  /** The toast showing `title` (and `description`, when given). */
  async expectToast(title: string | RegExp, description?: string | RegExp): Promise<Locator> {
    const toast = this.toast.filter({ hasText: title });
    await expect(toast).toBeVisible();
    if (description !== undefined) await expect(toast).toContainText(description);
    return toast;
  }

  async expectDestructiveToast(title: string | RegExp, description?: string | RegExp): Promise<Locator> {
    const toast = await this.expectToast(title, description);
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    return toast;
  }

  /** A card of the dashboard by its title. */
  card(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }
}
