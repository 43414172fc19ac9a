import { SECRET_MASK, type Settings } from '@app/contracts';
import { type Page } from '@playwright/test';
import { readSetting, readSettings, savedSetting, writeSetting } from '../pages/admin-api';
import { AdminPage } from '../pages/admin-page';
import {
  ADMIN_MAILCHIMP_API_KEY,
  unknownDiscordWebhook,
  workingDiscordWebhook,
} from '../pages/admin-servers';
import { expect, test } from '../support/test';

const INTEGRATION_KEYS = [
  'enableGoogleAnalytics',
  'googleAnalyticsId',
  'enablePlausible',
  'plausibleDomain',
  'enableDiscordWebhook',
  'discordWebhook',
  'discordMessageTemplate',
  'emailNewVideos',
  'emailWeeklySummary',
  'notificationEmail',
  'enableCustomWebhook',
  'customWebhookUrl',
  'customWebhookSecret',
  'mailchimpApiKey',
  'smtpHost',
] as const satisfies readonly (keyof Settings)[];

// The overview reads the keys the other subtabs write, so the tests run in order.
test.describe.configure({ mode: 'default' });

let initial: Settings;
test.beforeEach(async ({ page }) => {
  await new AdminPage(page).signIn('?tab=integrations&sub=overview');
  initial = await readSettings(page.request);
});
test.afterEach(async ({ page }) => {
  const now = await readSettings(page.request);
  for (const key of INTEGRATION_KEYS) {
    // Secrets read back masked: clear them when a test set one.
    if (JSON.stringify(now[key]) !== JSON.stringify(initial[key])) {
      await writeSetting(page.request, key, initial[key] as never);
    }
  }
});

const status = (page: Page, id: string) => page.getByTestId(`integration-${id}`);

test('Overview: YouTube says it is not set up and links to its card; Connect gives a hint', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  // A key in the environment, but no channel: not set up.
  await expect(status(page, 'youtube')).toContainText('Not set up');
  for (const id of ['google-analytics', 'plausible', 'discord', 'email', 'mailchimp', 'custom-webhook']) {
    await expect(status(page, id)).toContainText('Disconnected');
  }

  await page.getByRole('button', { name: 'Connect Google Analytics' }).click();
  await admin.expectToast(
    'Connect Google Analytics',
    'Add your measurement ID under Integrations → Analytics.',
  );
  await expect(admin.subtab('Overview'), 'Connect only shows a hint').toHaveAttribute(
    'aria-selected',
    'true',
  );
  // YouTube is set up in one place: the tile leads to the card's Channel field.
  await status(page, 'youtube')
    .getByRole('link', { name: 'Set up under Content → YouTube Integration' })
    .click();
  await expect(admin.tab('Content')).toHaveAttribute('aria-selected', 'true');
  await expect(admin.card('YouTube Integration').getByRole('textbox', { name: 'Channel' })).toBeFocused();
});

test('Overview: Test shows the real result for a working and a broken fake Discord, and the badge keeps it', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'desktop only: the check runs on the server, the same for every viewport');
  const admin = new AdminPage(page);
  await writeSetting(page.request, 'discordWebhook', workingDiscordWebhook);
  await page.reload();
  const card = status(page, 'discord');
  await expect(card).toContainText('Connected');

  const testButton = page.getByRole('button', { name: 'Test Discord' });
  await testButton.click();
  await admin.expectToast(
    'Connection successful',
    'Discord is working: Discord webhook "Fake Discord Hook" posts to channel 1300000000000000002',
  );
  await expect(card).toContainText('Connected');

  await writeSetting(page.request, 'discordWebhook', unknownDiscordWebhook);
  await page.reload();
  await expect(card, 'an untested URL is not in error').toContainText('Connected');
  await testButton.click();
  await admin.expectDestructiveToast('Connection failed', 'Discord answered 404: Unknown Webhook');
  await expect(card).toContainText('Error');
  await expect(page.getByTestId('integration-discord-error')).toContainText(
    /^Last test failed on .+: Discord answered 404: Unknown Webhook$/,
  );
  // Kept on the server: the Error state survives a reload.
  await page.reload();
  await expect(card).toContainText('Error');
  await expect(card).toContainText('Discord answered 404: Unknown Webhook');
});

test('Analytics: the ID and domain show only while their toggle is on, and save', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.subtab('Analytics').click();
  const gaId = page.getByRole('textbox', { name: 'Measurement ID' });
  const domain = page.getByRole('textbox', { name: 'Plausible domain' });
  await expect(gaId).toHaveCount(0);
  await expect(domain).toHaveCount(0);

  await admin.flip(page.getByRole('switch', { name: 'Enable Google Analytics' }));
  await admin.expectToast('Integration settings updated', 'Enable Google Analytics updated');
  await gaId.fill('G-ABC1234567');
  expect((await savedSetting(page, 'googleAnalyticsId', () => gaId.blur())).status).toBe(200);
  await admin.expectToast('Integration settings updated', 'Measurement ID updated');

  // A wrong ID: the integration failure toast with the API's message.
  await gaId.fill('UA-nope');
  expect((await savedSetting(page, 'googleAnalyticsId', () => gaId.blur())).status).toBe(400);
  await admin.expectDestructiveToast(
    'Failed to update integration',
    '400: googleAnalyticsId: must be like G-XXXXXXXXXX or UA-12345678-1',
  );
  await expect(gaId).toHaveValue('G-ABC1234567');

  // Each read of the stored settings below waits for the save it checks: a switch shows its new state before
  // its save has answered, so a read at once may find the old value.
  await savedSetting(page, 'enablePlausible', () =>
    admin.flip(page.getByRole('switch', { name: 'Enable Plausible' })),
  );
  await domain.fill('example.com');
  await savedSetting(page, 'plausibleDomain', () => domain.blur());

  const stored = await readSettings(page.request);
  expect([
    stored.enableGoogleAnalytics,
    stored.googleAnalyticsId,
    stored.enablePlausible,
    stored.plausibleDomain,
  ]).toEqual([true, 'G-ABC1234567', true, 'example.com']);
  await page.reload();
  await expect(gaId).toHaveValue('G-ABC1234567');
  await expect(domain).toHaveValue('example.com');

  await admin.flip(page.getByRole('switch', { name: 'Enable Google Analytics' }));
  await expect(gaId).toHaveCount(0);

  await admin.subtab('Overview').click();
  await expect(status(page, 'plausible')).toContainText('Connected');
});

test('Notifications: Discord URL and template behind their toggle; the email only while an email toggle is on', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.subtab('Notifications').click();
  const url = page.getByRole('textbox', { name: 'Discord webhook URL' });
  const template = page.getByRole('textbox', { name: 'Message template' });
  const email = page.getByRole('textbox', { name: 'Notification email' });
  const discord = page.getByRole('switch', { name: 'Enable Discord webhook' });
  const newVideos = page.getByRole('switch', { name: 'Email on new videos' });
  const weekly = page.getByRole('switch', { name: 'Weekly summary email' });
  await expect(url).toHaveCount(0);
  await expect(template).toHaveCount(0);
  await expect(email).toHaveCount(0);

  await admin.flip(discord);
  await expect(url).toHaveAttribute('type', 'url');
  await expect(template).toHaveValue(initial.discordMessageTemplate);
  const hook = 'https://discord.com/api/webhooks/123/abc';
  await url.fill(hook);
  await savedSetting(page, 'discordWebhook', () => url.blur());
  // Secrets come back masked, never in clear.
  await expect(url).toHaveValue(SECRET_MASK);
  expect(await readSetting(page.request, 'discordWebhook')).toBe(SECRET_MASK);

  await template.fill('New: {title} {url}');
  await savedSetting(page, 'discordMessageTemplate', () => template.blur());
  expect(await readSetting(page.request, 'discordMessageTemplate')).toBe('New: {title} {url}');

  await admin.flip(newVideos);
  await expect(email).toHaveAttribute('type', 'email');
  await admin.flip(weekly);
  await admin.flip(newVideos);
  await expect(email, 'still shown: the weekly summary is on').toBeVisible();
  await email.fill('owner@example.com');
  await savedSetting(page, 'notificationEmail', () => email.blur());
  await expect
    .poll(async () => {
      const s = await readSettings(page.request);
      return [s.enableDiscordWebhook, s.emailNewVideos, s.emailWeeklySummary];
    })
    .toEqual([true, false, true]);

  await page.reload();
  await expect(discord).toBeChecked();
  await expect(newVideos).not.toBeChecked();
  await expect(weekly).toBeChecked();
  await expect(url).toHaveValue(SECRET_MASK);
  await expect(template).toHaveValue('New: {title} {url}');
  await expect(email).toHaveValue('owner@example.com');
  await savedSetting(page, 'emailWeeklySummary', () => admin.flip(weekly));
  await expect(email).toHaveCount(0);

  const stored = await readSettings(page.request);
  expect([
    stored.enableDiscordWebhook,
    stored.emailNewVideos,
    stored.emailWeeklySummary,
    stored.notificationEmail,
  ]).toEqual([true, false, false, 'owner@example.com']);
  await admin.subtab('Overview').click();
  await expect(status(page, 'discord')).toContainText('Connected');
  // E-mail is sent through an SMTP server (issue 14): an address alone connects nothing.
  await expect(status(page, 'email')).toContainText('Disconnected');
  await writeSetting(page.request, 'smtpHost', 'smtp.example.com');
  await page.reload();
  await admin.subtab('Overview').click();
  await expect(status(page, 'email')).toContainText('Connected');
});

test('Advanced: custom webhook URL and secret behind their toggle, both masked; Mailchimp key masked', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.subtab('Advanced').click();
  const url = page.getByRole('textbox', { name: 'Webhook URL' });
  const secret = page.getByLabel('Webhook secret');
  await expect(url).toHaveCount(0);
  await expect(secret).toHaveCount(0);

  const webhook = page.getByRole('switch', { name: 'Enable custom webhook' });
  await savedSetting(page, 'enableCustomWebhook', () => admin.flip(webhook));
  await expect(url).toHaveAttribute('type', 'url');
  await url.fill('https://hooks.example.com/videos');
  await savedSetting(page, 'customWebhookUrl', () => url.blur());
  // The URL may carry a token: a secret, masked like the others.
  await expect(url).toHaveValue(SECRET_MASK);
  await secret.fill('s3cret-value');
  await savedSetting(page, 'customWebhookSecret', () => secret.blur());
  await expect(secret).toHaveValue(SECRET_MASK);

  const key = page.getByLabel('Mailchimp API key');
  await key.fill('0123456789abcdef-us21');
  await savedSetting(page, 'mailchimpApiKey', () => key.blur());
  await expect(key).toHaveValue(SECRET_MASK);
  // Replacing a stored secret: the field goes back to the mask too. This one is the fake Mailchimp's key.
  await key.fill(ADMIN_MAILCHIMP_API_KEY);
  await savedSetting(page, 'mailchimpApiKey', () => key.blur());
  await expect(key).toHaveValue(SECRET_MASK);

  const stored = await readSettings(page.request);
  expect([
    stored.enableCustomWebhook,
    stored.customWebhookUrl,
    stored.customWebhookSecret,
    stored.mailchimpApiKey,
  ]).toEqual([true, SECRET_MASK, SECRET_MASK, SECRET_MASK]);

  await page.reload();
  await expect(webhook).toBeChecked();
  await expect(url).toHaveValue(SECRET_MASK);
  await expect(secret).toHaveValue(SECRET_MASK);
  await expect(key).toHaveValue(SECRET_MASK);
  await admin.subtab('Overview').click();
  await expect(status(page, 'custom-webhook')).toContainText('Connected');
  await expect(status(page, 'mailchimp')).toContainText('Connected');
  await page.getByRole('button', { name: 'Test Mailchimp' }).click();
  await admin.expectToast(
    'Connection successful',
    `Mailchimp is working: Mailchimp answered "Everything's Chimpy!" (data centre us6)`,
  );
});
