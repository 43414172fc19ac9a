import { publicSettingsKeys, SECRET_MASK, type Settings, settingsDefaults } from '@app/contracts';
import { toAdminSettings, toPublicSettings, toSettingUpdateResult } from './settings.mapper';

const stored: Settings = {
  ...settingsDefaults,
  mailchimpApiKey: 'key-us1',
  customWebhookSecret: '',
  discordWebhook: 'https://discord.com/api/webhooks/1/token',
  notificationEmail: 'owner@example.com',
};

describe('settings mapper', () => {
  it('masks set secrets for the admin and shows unset ones as empty', () => {
    const view = toAdminSettings(stored);
    expect(view.mailchimpApiKey).toBe(SECRET_MASK);
    expect(view.discordWebhook).toBe(SECRET_MASK);
    expect(view.customWebhookSecret).toBe('');
    expect(view.notificationEmail).toBe('owner@example.com');
    expect(stored.mailchimpApiKey).toBe('key-us1');
  });

  it('gives visitors the public keys only, even from a full bag', () => {
    const view = toPublicSettings(stored);
    expect(Object.keys(view).sort()).toEqual([...publicSettingsKeys].sort());
    expect(JSON.stringify(view)).not.toMatch(/key-us1|owner@example\.com|webhooks/);
  });

  it('masks a secret in the answer to a write', () => {
    expect(toSettingUpdateResult('mailchimpApiKey', 'key-us1')).toEqual({
      key: 'mailchimpApiKey',
      value: SECRET_MASK,
    });
    expect(toSettingUpdateResult('mailchimpApiKey', '')).toEqual({ key: 'mailchimpApiKey', value: '' });
    expect(toSettingUpdateResult('videoGridColumns', 5)).toEqual({ key: 'videoGridColumns', value: 5 });
  });
});
