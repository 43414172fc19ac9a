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

  /** Fills the login form (the admin's username) and submits it, as a user does. */
  async submitLogin(password: string): Promise<void> {
    await this.username.fill(ADMIN_USERNAME);
    await this.password.fill(password);
    await this.loginButton.click();
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

  /** A subtab of the open tab (its list sits inside the open tab's panel). */
  subtab(name: string): Locator {
    return this.page
      .getByRole('tabpanel')
      .first()
      .getByRole('tablist')
      .getByRole('tab', { name, exact: true });
  }

  async openTab(name: AdminTabName, subtab?: string): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
    if (subtab) {
      await this.subtab(subtab).click();
      await expect(this.subtab(subtab)).toHaveAttribute('aria-selected', 'true');
    }
  }

  /**
   * The toast showing `title` (and `description`, when given). One toast shows at a time, but the
   * previous one may still be fading out, so this takes the first that matches.
   */
  async expectToast(title: string | RegExp, description?: string | RegExp): Promise<Locator> {
    let toast = this.toast.filter({ hasText: title });
    if (description !== undefined) toast = toast.filter({ hasText: description });
    await expect(toast.first()).toBeVisible();
    return toast.first();
  }

  async expectDestructiveToast(title: string | RegExp, description?: string | RegExp): Promise<Locator> {
    const toast = await this.expectToast(title, description);
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    return toast;
  }

  /**
   * The toast whose title and description are exactly these texts (the product's wording), not merely
   * containing them: anything appended to either fails.
   */
  async expectExactToast(
    title: string,
    description: string,
    variant: 'default' | 'destructive' = 'default',
  ): Promise<Locator> {
    const toast = await this.expectToast(title, description);
    await expect(toast).toHaveAttribute('data-variant', variant);
    await expect(toast.locator('.mantine-Notification-title')).toHaveText(title);
    await expect(toast.locator('.mantine-Notification-description')).toHaveText(description);
    return toast;
  }

  /**
   * Flips a switch from the keyboard (focus, then Space) and waits until its state has changed.
   * A pointer click lands on whatever covers the switch, and on a phone a toast at the bottom of the
   * screen often does; the keyboard path is one real users take too.
   */
  async flip(toggle: Locator): Promise<void> {
    await expect(toggle).toBeEnabled();
    const was = await toggle.isChecked();
    await toggle.focus();
    await this.page.keyboard.press('Space');
    await expect(toggle).toBeChecked({ checked: !was });
  }

  /** Picks an option of a segmented control (a radio group) by its label. */
  async choose(group: string, option: string): Promise<void> {
    const radios = this.page.getByRole('radiogroup', { name: group });
    await radios.getByText(option, { exact: true }).click();
    await expect(radios.getByRole('radio', { name: option, exact: true })).toBeChecked();
  }

  /** Picks an option of a select by the select's label. */
  async select(label: string, option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(this.page.getByRole('combobox', { name: label, exact: true })).toHaveValue(option);
  }

  /** Uploads through a file button (the way a person picks a file). */
  async upload(button: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await button.click();
    await (await chooser).setFiles(file);
  }

  /** A card of the dashboard by its title. */
  card(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }
}
