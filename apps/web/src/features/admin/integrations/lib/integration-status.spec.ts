import { type IntegrationCheck, SECRET_MASK } from '@app/contracts';
import { type IntegrationSettings, integrations } from './integration-status';

const none: IntegrationSettings = {
  googleAnalyticsId: '',
  plausibleDomain: '',
  discordWebhook: '',
  notificationEmail: '',
  smtpHost: '',
  mailchimpApiKey: '',
  customWebhookUrl: '',
};

const statusById = (settings: IntegrationSettings) =>
  Object.fromEntries(integrations(settings).map((i) => [i.id, i.status]));

describe('integrations', () => {
  it('are disconnected when nothing is set (YouTube has its own state)', () => {
    expect(statusById(none)).toEqual({
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
        smtpHost: 'smtp.example.com',
        mailchimpApiKey: SECRET_MASK,
        customWebhookUrl: 'https://example.com/hook',
      }),
    ).toEqual({
      'google-analytics': 'connected',
      plausible: 'connected',
      discord: 'connected',
      email: 'connected',
      mailchimp: 'connected',
      'custom-webhook': 'connected',
    });
  });

  it('connects e-mail only with both an SMTP server and a notification address (#14)', () => {
    const email = (settings: Partial<IntegrationSettings>) => statusById({ ...none, ...settings }).email;
    expect(email({ notificationEmail: 'me@example.com' })).toBe('disconnected');
    expect(email({ smtpHost: 'smtp.example.com' })).toBe('disconnected');
    expect(email({ notificationEmail: 'me@example.com', smtpHost: 'smtp.example.com' })).toBe('connected');
  });

  it('treats blank values as not set', () => {
    expect(statusById({ ...none, googleAnalyticsId: '   ' })['google-analytics']).toBe('disconnected');
  });

  it('gives every disconnected integration a hint for its Connect button', () => {
    for (const integration of integrations(none)) expect(integration.hint).not.toBe('');
  });
});

describe('integrations with their last connection tests', () => {
  const check = (id: IntegrationCheck['id'], ok: boolean): IntegrationCheck => ({
    id,
    ok,
    scope: 'connection',
    message: ok ? 'fine' : 'Discord answered 404: Unknown Webhook',
    checkedAt: '2026-11-23T15:00:00.000Z',
    durationMs: 12,
  });

  it('are in error when set up and their last test failed, connected when it passed', () => {
    const set = { ...none, discordWebhook: SECRET_MASK, mailchimpApiKey: SECRET_MASK };
    const result = integrations(set, [check('discord', false), check('mailchimp', true)]);
    const byId = Object.fromEntries(result.map((i) => [i.id, i]));
    expect([byId.discord.status, byId.mailchimp.status]).toEqual(['error', 'connected']);
    expect(byId.discord.lastCheck?.message).toBe('Discord answered 404: Unknown Webhook');
    expect(byId.plausible.lastCheck).toBeNull();
  });

  it('stay disconnected when not set up, whatever an old test said', () => {
    expect(integrations(none, [check('discord', false)]).find((i) => i.id === 'discord')?.status).toBe(
      'disconnected',
    );
  });
});
