import { readFileSync } from 'node:fs';
import type { Backup, Settings } from '@app/contracts';
import type { CDPSession, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { readSettings, writeSetting } from '../pages/admin-api';
import { ADMIN_PASSWORD, ADMIN_USERNAME, AdminPage } from '../pages/admin-page';
import { fakeYoutubeChannel } from '../pages/admin-servers';
import { workerStackUrl } from '../support/servers';
import { expect, test } from '../support/test';

// Password change and two-factor sign-in end other sessions and a restore rewrites all data, so these
// run alone, after the rest of the admin specs (the admin-exclusive project, on desktop: none of it is layout).
test.describe.configure({ mode: 'default' });

test.describe('Security', () => {
  test('the button waits for all three fields; mismatch, length and wrong-current-password toasts', async ({
    page,
  }) => {
    const admin = new AdminPage(page);
    await admin.signIn('?tab=settings&sub=security');
    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    const button = page.getByRole('button', { name: 'Change Password' });
    const calls: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/auth/change-password')) calls.push(req.url());
    });

    await expect(button).toBeDisabled();
    await current.fill(ADMIN_PASSWORD);
    await next.fill('longenough1');
    await expect(button).toBeDisabled();
    await confirm.fill('different12');
    await expect(button).toBeEnabled();
    await button.click();
    await admin.expectDestructiveToast('Password mismatch', 'New password and confirmation do not match');

    await next.fill('short');
    await confirm.fill('short');
    await button.click();
    await admin.expectDestructiveToast('Password too short', 'Password must be at least 8 characters long');
    expect(calls, 'nothing sent for either').toEqual([]);

    await current.fill('not-the-password');
    await next.fill('longenough1');
    await confirm.fill('longenough1');
    await button.click();
    await admin.expectDestructiveToast('Failed to change password', '400: currentPassword: is incorrect');
  });

  test('a new password works for the next login and ends other sessions', async ({ page, browser }) => {
    const admin = new AdminPage(page);
    await admin.signIn('?tab=settings&sub=security');
    const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const otherLogin = await other.request.post('/api/auth/login', {
      data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    expect(otherLogin.status()).toBe(200);

    const newPassword = 'n3w-passw0rd';
    try {
      await page.getByLabel('Current password').fill(ADMIN_PASSWORD);
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm new password').fill(newPassword);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await admin.expectToast('Password changed');
      await expect(page.getByLabel('Current password'), 'the form is cleared').toHaveValue('');

      expect((await page.request.get('/api/auth/me')).status(), 'this session stays').toBe(200);
      expect((await other.request.get('/api/auth/me')).status(), 'the other one ends').toBe(401);
      const oldLogin = await other.request.post('/api/auth/login', {
        data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      });
      expect(oldLogin.status()).toBe(401);
      const newLogin = await other.request.post('/api/auth/login', {
        data: { username: ADMIN_USERNAME, password: newPassword },
      });
      expect(newLogin.status()).toBe(200);
    } finally {
      const back = await page.request.post('/api/auth/change-password', {
        data: { currentPassword: newPassword, newPassword: ADMIN_PASSWORD },
      });
      expect(back.status(), 'the default password is back for the other specs').toBe(200);
      await other.close();
    }
  });
});

test.describe('Backup', () => {
  test('Export downloads the dated JSON; Import asks, restores it and reports the counts', async ({
    page,
  }) => {
    const admin = new AdminPage(page);
    await admin.signIn('?tab=settings&sub=backup');
    const before = await readSettings(page.request);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Data' }).click();
    const file = await download;
    const today = new Date().toISOString().slice(0, 10);
    expect(file.suggestedFilename()).toBe(`channel-backup-${today}.json`);
    await admin.expectToast('Data exported', `channel-backup-${today}.json`);
    // Keep the file under the name the browser gives it, as a person would pick it again.
    const path = test.info().outputPath(file.suggestedFilename());
    await file.saveAs(path);
    const backup = JSON.parse(readFileSync(path, 'utf8')) as Backup;
    expect(backup.videos.length).toBeGreaterThan(0);

    // Change things, then restore the file: they come back.
    await writeSetting(page.request, 'siteTitle', 'Changed after the export');
    const pinned = backup.playlists.find((p) => p.pinned)!;
    await page.request.post(`/api/playlists/${pinned.id}/pin`, { data: { pinned: false } });

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import Data' }).click();
    await (await chooser).setFiles(path);
    const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
    await expect(dialog).toContainText(`${backup.videos.length} videos`);
    await expect(dialog).toContainText(`${backup.playlists.length} playlists`);
    await expect(dialog).toContainText(`${Object.keys(backup.settings).length} settings`);

    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await readSettings(page.request)).siteTitle).toBe('Changed after the export');

    const again = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import Data' }).click();
    await (await again).setFiles(path);
    const imported = page.waitForResponse('**/api/admin/import');
    await page.getByRole('dialog').getByRole('button', { name: 'Restore backup' }).click();
    expect((await imported).status()).toBe(200);
    await admin.expectToast(
      'Data imported',
      `Restored ${backup.videos.length} videos, ${backup.playlists.length} playlists and`,
    );
    const after = await readSettings(page.request);
    expect(after.siteTitle).toBe(before.siteTitle);
    const playlists = (await (await page.request.get('/api/playlists')).json()) as {
      id: string;
      pinned: boolean;
    }[];
    expect(playlists.find((p) => p.id === pinned.id)?.pinned).toBe(true);
  });

  test('a bad file gets a destructive toast and changes nothing', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.signIn('?tab=settings&sub=backup');
    const before: Settings = await readSettings(page.request);
    const imports: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/admin/import')) imports.push(req.url());
    });
    const pick = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Import Data' }).click();
      await (await chooser).setFiles(file);
    };

    await pick({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{ nope') });
    await admin.expectDestructiveToast('Import failed', 'broken.json: The file is not valid JSON');
    await pick({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await admin.expectDestructiveToast('Import failed', 'notes.txt is not a .json file');
    expect(imports).toEqual([]);

    // Looks like a backup, but the API finds a bad field: it names it and stores nothing.
    const bad = {
      schemaVersion: 1,
      exportedAt: 'yesterday',
      channel: null,
      videos: [],
      playlists: [],
      settings: {},
    };
    await pick({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    await page.getByRole('dialog').getByRole('button', { name: 'Restore backup' }).click();
    await admin.expectDestructiveToast('Import failed', '400: exportedAt: must be an ISO 8601 date-time');
    expect(await readSettings(page.request)).toEqual(before);
    const videos = await page.request.get('/api/videos?limit=1');
    expect(Number(videos.headers()['x-total-count'])).toBeGreaterThan(0);
  });
});

test('Sync fetches the (fake) YouTube channel, reloads the dashboard, and a restore brings the demo back', async ({
  page,
}) => {
  test.slow();
  const admin = new AdminPage(page);
  await admin.signIn();
  const backup = await page.request.get('/api/admin/export');
  expect(backup.status()).toBe(200);
  const demoTotal = Number((await page.request.get('/api/videos?limit=1')).headers()['x-total-count']);
  const fake = await fakeYoutubeChannel();

  try {
    await writeSetting(page.request, 'channelId', fake.id);
    const card = admin.card('YouTube Integration');
    // Holds the sync call until the busy state is seen: a fast sync would otherwise end before the check.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/sync/youtube', async (route) => {
      await held;
      await route.continue();
    });
    await card.getByRole('button', { name: 'Sync Now' }).click();
    await expect(card.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
    release();
    await admin.expectToast('FolderSync completed', 'Successfully synced data from YouTube');
    const total = Number((await page.request.get('/api/videos?limit=1')).headers()['x-total-count']);
    expect(total).toBe(fake.videoIds.length);
    // What the sync changed reloads without a page load.
    await expect(page.getByTestId('counter-videos')).toHaveText(String(total));
    await expect(page.getByTestId('counter-playlists')).toHaveText(String(fake.playlistIds.length));
    await expect(card.getByTestId('last-sync')).toContainText(
      `succeeded: ${fake.videoIds.length} videos, ${fake.playlistIds.length} playlists`,
    );
    await page.reload();
    await expect(admin.card('YouTube Integration').getByTestId('last-sync')).toContainText('succeeded');
  } finally {
    const restored = await page.request.post('/api/admin/import', { data: await backup.json() });
    expect(restored.status(), await restored.text()).toBe(200);
  }
  const total = Number((await page.request.get('/api/videos?limit=1')).headers()['x-total-count']);
  expect(total, 'the demo content is back').toBe(demoTotal);
  expect((await readSettings(page.request)).channelId).toBe('');
});

test.describe('Two-factor sign-in', () => {
  let secret: string | undefined;
  let recoveryCodes: string[] = [];
  /** The time step of the last code sent: a code is accepted once, so the next one waits for a new step. */
  let lastStep = 0;
  async function freshCode(): Promise<string> {
    // The server accepts a code from one step either side of its clock (±30 s), so a second code comes from the
    // step after the last one instead of waiting up to 30 s for the clock to reach it.
    const now = () => Math.floor(Date.now() / 30_000);
    while (lastStep > now()) await new Promise((done) => setTimeout(done, 500));
    lastStep = Math.max(now(), lastStep + 1);
    return generateSync({ secret: secret!, epoch: lastStep * 30 });
  }

  // Other admin specs sign in with the password alone: whatever happens above, turn it off again.
  test.afterAll(async ({ playwright }, testInfo) => {
    if (!secret) return;
    const api = await playwright.request.newContext({
      baseURL: workerStackUrl('admin', testInfo.parallelIndex),
    });
    try {
      const login = await api.post('/api/auth/login', {
        data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      });
      if ('twoFactorRequired' in (await login.json())) {
        const code = async () => recoveryCodes.shift() ?? (await freshCode());
        expect(
          (await api.post('/api/auth/login/two-factor', { data: { code: await code() } })).status(),
        ).toBe(200);
        const off = await api.post('/api/auth/two-factor/disable', {
          data: { password: ADMIN_PASSWORD, code: await code() },
        });
        expect(off.status(), await off.text()).toBe(200);
      }
    } finally {
      await api.dispose();
    }
  });

  test('enrol with the QR code page, sign in with a code, turn it off again', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = new AdminPage(page);
    await admin.signIn('?tab=settings&sub=security');
    const card = admin.card('Two-factor sign-in');
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    secret = (await card.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await card.getByLabel('Code from the app').fill(await freshCode());
    await card.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await card.getByRole('button', { name: 'Turn on' }).click();
    await admin.expectToast('Two-factor sign-in is on');
    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await expect(card.getByText('10 recovery codes left.')).toBeVisible();
    await expect(card.getByTestId('two-factor-secret'), 'the key is not shown again').toHaveCount(0);

    await admin.logoutButton.click();
    await expect(admin.loginHeading).toBeVisible();
    await admin.submitLogin(ADMIN_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    const codeInput = page.getByLabel('Authentication code');
    const code = await freshCode();
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await admin.expectDestructiveToast('Login failed', '401: Invalid code');
    await expect(admin.dashboardHeading).toHaveCount(0);
    await codeInput.fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await admin.expectExactToast('Login successful', 'Welcome to the admin dashboard');
    await expect(admin.dashboardHeading).toBeVisible();

    await admin.goto('?tab=settings&sub=security');
    await expect(card.getByText('10 recovery codes left.')).toBeVisible();
    await card.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await card.getByLabel('Code from the app or a recovery code').fill(recoveryCodes.shift()!);
    await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await admin.expectToast('Two-factor sign-in is off');
    await expect(card.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
    secret = undefined;
    const login = await page.request.post('/api/auth/login', {
      data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    expect(await login.json(), 'the password alone signs in again').toEqual({
      id: 1,
      username: ADMIN_USERNAME,
    });
  });
});

test.describe('Passkeys', () => {
  /** Chromium's DevTools virtual authenticator: a platform passkey that verifies its user at once. */
  async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { cdp, id: authenticatorId };
  }

  test('add two with the virtual authenticator, rename and remove one; sign in without a password and as the second step', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const admin = new AdminPage(page);
    await admin.goto();
    // WebAuthn needs a domain, not an address: the same stack, reached as localhost.
    const site = new URL(page.url());
    site.hostname = 'localhost';
    const local = site.origin;
    const signIn = await page.request.post(`${local}/api/auth/login`, {
      data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    await page.goto(`${local}/admin?tab=settings&sub=security`);
    const card = admin.card('Passkeys');
    await expect(card.getByText('No passkey yet.')).toBeVisible();

    const add = async (name: string) => {
      await card.getByLabel('Name of the new passkey').fill(name);
      await card.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      await admin.expectToast('Passkey added', `"${name}" can sign in now`);
      await expect(card.getByLabel('Name of the new passkey'), 'the form is cleared').toHaveValue('');
    };
    const laptop = await virtualAuthenticator(page);
    await add('Laptop');
    // A second device: the first one is put away (it holds the first passkey).
    await laptop.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: laptop.id });
    const phone = await virtualAuthenticator(page);
    await add('Phone');
    const { credentials } = await phone.cdp.send('WebAuthn.getCredentials', { authenticatorId: phone.id });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    await expect(card.getByTestId('passkey')).toHaveCount(2);

    // Renaming and removing ask the password in a modal; a wrong one changes nothing.
    const phoneRow = card.getByTestId('passkey').filter({ hasText: 'Phone' });
    await phoneRow.getByRole('button', { name: 'Rename' }).click();
    await card.getByLabel('Passkey name').fill('My phone');
    await card.getByRole('button', { name: 'Save' }).click();
    const renaming = page.getByRole('dialog', { name: 'Rename Phone' });
    await renaming.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await renaming.getByRole('button', { name: 'Rename' }).click();
    await admin.expectToast('Passkey renamed', 'Now "My phone"');
    await expect(renaming).toBeHidden();
    await card.getByRole('button', { name: 'Remove Laptop' }).click();
    const removing = page.getByRole('dialog', { name: 'Remove Laptop' });
    await removing.getByLabel('Password', { exact: true }).fill('not-the-password');
    await removing.getByRole('button', { name: 'Remove' }).click();
    await admin.expectDestructiveToast('Failed to remove the passkey', '400: password: is incorrect');
    await expect(card.getByTestId('passkey')).toHaveCount(2);
    await removing.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await removing.getByRole('button', { name: 'Remove' }).click();
    await admin.expectToast('Passkey removed');
    await expect(removing).toBeHidden();
    await expect(card.getByTestId('passkey')).toHaveCount(1);
    await expect(card.getByTestId('passkey')).toContainText('My phone');
    await expect(card.getByTestId('passkey')).toContainText('never used');

    // Without a password.
    await admin.logoutButton.click();
    await expect(admin.loginHeading).toBeVisible();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await admin.expectExactToast('Login successful', 'Welcome to the admin dashboard');
    await expect(admin.dashboardHeading).toBeVisible();
    await page.goto(`${local}/admin?tab=settings&sub=security`);
    await expect(card.getByTestId('passkey')).toContainText('last used');
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log).toContainText('passkey "My phone"');
    await expect(log).toContainText('Passkey removed');

    // As the second step while two-factor sign-in is on; a recovery code still works.
    const { secret } = await (await page.request.post(`${local}/api/auth/two-factor/setup`)).json();
    const enabled = await page.request.post(`${local}/api/auth/two-factor/enable`, {
      data: { password: ADMIN_PASSWORD, code: generateSync({ secret }) },
    });
    expect(enabled.status(), await enabled.text()).toBe(200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    try {
      await page.reload();
      await admin.logoutButton.click();
      await admin.submitLogin(ADMIN_PASSWORD);
      await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
      await page.getByRole('button', { name: 'Use a passkey instead' }).click();
      await admin.expectExactToast('Login successful', 'Welcome to the admin dashboard');
      await expect(admin.dashboardHeading).toBeVisible();

      await admin.logoutButton.click();
      await admin.submitLogin(ADMIN_PASSWORD);
      await page.getByLabel('Authentication code').fill(recoveryCodes[0]);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(admin.dashboardHeading).toBeVisible();
    } finally {
      const off = await page.request.post(`${local}/api/auth/two-factor/disable`, {
        data: { password: ADMIN_PASSWORD, code: recoveryCodes[1] },
      });
      expect(off.status(), await off.text()).toBe(200);
      for (const { id } of (await (await page.request.get(`${local}/api/auth/passkeys`)).json()).passkeys) {
        await page.request.delete(`${local}/api/auth/passkeys/${id}`, { data: { password: ADMIN_PASSWORD } });
      }
    }
  });
});

test.describe('Sessions and audit log', () => {
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

  test('another browser shows in the list; sign it out, then everywhere else', async ({ page, browser }) => {
    const admin = new AdminPage(page);
    await admin.signIn('?tab=settings&sub=security');
    const origin = new URL(page.url()).origin;
    const signInElsewhere = async () => {
      const context = await browser.newContext({ baseURL: origin, userAgent: FIREFOX });
      const login = await context.request.post('/api/auth/login', {
        data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      });
      expect(login.status()).toBe(200);
      return context;
    };
    const other = await signInElsewhere();
    try {
      await page.reload();
      const sessions = page.getByRole('region', { name: 'Signed-in sessions' });
      const mine = sessions.getByLabel(/\(this session\)$/);
      await expect(mine).toContainText('This session');
      await expect(mine).toContainText(/From (127\.0\.0\.0\/24|::\/48)/);
      const firefox = sessions.getByLabel('Firefox 128 on Linux', { exact: true }).first();
      await expect(firefox).toBeVisible();

      await firefox.getByRole('button', { name: 'Sign out Firefox 128 on Linux' }).click();
      await admin.expectToast('Session signed out');
      expect((await other.request.get('/api/auth/me')).status(), 'the other browser is signed out').toBe(401);
      expect((await page.request.get('/api/auth/me')).status(), 'this one stays').toBe(200);

      const third = await signInElsewhere();
      const fourth = await signInElsewhere();
      await page.reload();
      await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await admin.expectToast('Signed out everywhere else', /other sessions? signed out/);
      for (const context of [third, fourth]) {
        expect((await context.request.get('/api/auth/me')).status()).toBe(401);
        await context.close();
      }
      await expect(sessions.getByTestId('session')).toHaveCount(1);
      await expect(sessions.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
    } finally {
      await other.close();
    }
  });

  test('the audit log shows a failed sign-in, filters by action and exports safe CSV', async ({
    page,
    browser,
  }) => {
    const admin = new AdminPage(page);
    const origin = await (async () => {
      await admin.signIn('?tab=settings&sub=security');
      return new URL(page.url()).origin;
    })();
    const stranger = await browser.newContext({ baseURL: origin });
    const tried = `=cmd|' /C calc'!A${Date.now() % 1000}`;
    expect(
      (
        await stranger.request.post('/api/auth/login', { data: { username: tried, password: 'wrong-1' } })
      ).status(),
    ).toBe(401);
    await stranger.close();

    await page.reload();
    const log = page.getByRole('region', { name: 'Audit log' });
    const table = log.getByRole('table', { name: 'Audit log' });
    // The subtab shows its panels once all of them have their data (one loader until then), so the log's newest
    // row means nothing above the Action select grows any more (a panel growing above it would push an open select out
    // of the window, where Mantine hides its dropdown).
    await expect(table.getByRole('row').nth(1)).toContainText(tried);
    await admin.select('Action', 'Failed sign-in');
    await expect(table.getByRole('row').nth(1)).toContainText(tried);
    await expect(table.getByRole('row').nth(1)).toContainText('wrong username or password');
    for (const row of await table.getByRole('row').all()) {
      const cells = row.getByRole('cell');
      if ((await cells.count()) > 1) await expect(cells.nth(1)).toHaveText('Failed sign-in');
    }

    const download = page.waitForEvent('download');
    await log.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    await admin.expectToast('Audit log exported');
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('at,action,what,who,from,detail');
    expect(csv, 'the name stays text in a spreadsheet').toContain(`,'${tried},`);
    expect(csv).not.toMatch(/,=cmd/);
  });
});

test('after all that, the default password still signs in', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.submitLogin(ADMIN_PASSWORD);
  await expect(admin.dashboardHeading).toBeVisible();
});
