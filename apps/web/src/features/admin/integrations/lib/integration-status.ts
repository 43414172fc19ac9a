import type { IntegrationCheck, IntegrationId, Settings } from '@app/contracts';

/** `error`: set up, but its last connection test failed (#14). */
export type IntegrationStatus = 'connected' | 'disconnected' | 'error';

/** YouTube has a state of its own (lib/youtube-state.ts) and its set-up card on the Content tab. */
export type SettingsIntegrationId = Exclude<IntegrationId, 'youtube'>;

export interface Integration {
  id: SettingsIntegrationId;
  name: string;
  description: string;
  status: IntegrationStatus;
  /** What the Connect button's hint toast says. */
  hint: string;
  /** Its last connection test, while its settings are the ones tested. */
  lastCheck: IntegrationCheck | null;
}

export type IntegrationSettings = Pick<
  Settings,
  | 'googleAnalyticsId'
  | 'plausibleDomain'
  | 'discordWebhook'
  | 'notificationEmail'
  | 'smtpHost'
  | 'mailchimpApiKey'
  | 'customWebhookUrl'
>;

const status = (value: string | null | undefined): IntegrationStatus =>
  value && value.trim() !== '' ? 'connected' : 'disconnected';

/**
 * The integrations set by their settings, and their state: connected when the relevant key or URL
 * is set (a stored secret reads as the mask, which counts as set). A set-up integration whose last test
 * failed is in error (#14). YouTube is not among them: its state needs the server (a channel may be set in
 * its environment), see lib/youtube-state.ts.
 */
export function integrations(settings: IntegrationSettings, checks: IntegrationCheck[] = []): Integration[] {
  return list(settings).map((integration) => {
    const lastCheck = checks.find((check) => check.id === integration.id) ?? null;
    const failed = integration.status === 'connected' && lastCheck !== null && !lastCheck.ok;
    return { ...integration, lastCheck, status: failed ? 'error' : integration.status };
  });
}

function list(settings: IntegrationSettings): Omit<Integration, 'lastCheck'>[] {
  return [
    {
      id: 'google-analytics',
      name: 'Google Analytics',
      description: 'Visitor statistics from Google',
      status: status(settings.googleAnalyticsId),
      hint: 'Add your measurement ID under Integrations → Analytics.',
    },
    {
      id: 'plausible',
      name: 'Plausible',
      description: 'Privacy-friendly visitor statistics',
      status: status(settings.plausibleDomain),
      hint: 'Add your site domain under Integrations → Analytics.',
    },
    {
      id: 'discord',
      name: 'Discord',
      description: 'A message in your server for every new video',
      status: status(settings.discordWebhook),
      hint: 'Add a webhook URL under Integrations → Notifications.',
    },
    {
      id: 'email',
      name: 'Email notifications',
      description: 'New videos and a weekly summary by e-mail',
      // Mail goes out only with a server to send it and an address to send it to.
      status: status(settings.smtpHost) === 'connected' ? status(settings.notificationEmail) : 'disconnected',
      hint: 'Add a notification e-mail and an SMTP server under Integrations → Notifications.',
    },
    {
      id: 'mailchimp',
      name: 'Mailchimp',
      description: 'Newsletter subscribers',
      status: status(settings.mailchimpApiKey),
      hint: 'Add your API key under Integrations → Advanced.',
    },
    {
      id: 'custom-webhook',
      name: 'Custom webhook',
      description: 'A signed JSON event for every new video',
      status: status(settings.customWebhookUrl),
      hint: 'Add a webhook URL under Integrations → Advanced.',
    },
  ];
}
