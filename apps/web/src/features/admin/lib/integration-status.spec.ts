import { SECRET_MASK } from '@app/contracts';
import { type IntegrationSettings, integrations } from './integration-status';

const none: IntegrationSettings = {
  googleAnalyticsId: '',
  plausibleDomain: '',
  discordWebhook: '',
  notificationEmail: '',
  mailchimpApiKey: '',
  customWebhookUrl: '',
};

const statusById = (settings: IntegrationSettings) =>
  Object.fromEntries(integrations(settings).map((i) => [i.id, i.status]));

describe('integrations', () => {
  it('are disconnected when nothing is set, except YouTube, which is always connected', () => {
    expect(statusById(none)).toEqual({
      youtube: 'connected',
      'google-analytics': 'disconnected',
      plausible: 'disconnected',
      discord: 'disconnected',
      email: 'disconnected',
      mailchimp: 'disconnected',
      'custom-webhook': 'disconnected',
    });
  });

  it('are connected when their key or URL is set; a masked secret counts as set', () => {
    expect(
      statusById({
        googleAnalyticsId: 'G-ABC123',
        plausibleDomain: 'example.com',
        discordWebhook: SECRET_MASK,
        notificationEmail: 'me@example.com',
        mailchimpApiKey: SECRET_MASK,
        customWebhookUrl: 'https://example.com/hook',
      }),
    ).toEqual({
      youtube: 'connected',
      'google-analytics': 'connected',
      plausible: 'connected',
      discord: 'connected',
      email: 'connected',
      mailchimp: 'connected',
      'custom-webhook': 'connected',
    });
  });

  it('treats blank values as not set', () => {
    expect(statusById({ ...none, googleAnalyticsId: '   ' })['google-analytics']).toBe('disconnected');
  });

  it('gives every disconnected integration a hint for its Connect button', () => {
    for (const integration of integrations(none)) expect(integration.hint).not.toBe('');
  });
});
