import {
  adminSetting,
  boolean,
  clearable,
  emailSetting,
  oneOf,
  secretSetting,
  text,
  urlSetting,
  wholeNumber,
} from './values';

/** Placeholders the Discord message template may use. */
export const discordMessagePlaceholders = ['{title}', '{url}', '{description}'] as const;

/** Where the site tells of new videos and sends e-mail: Discord, e-mail and SMTP, a webhook, Mailchimp. Admin-only. */
export const notificationSettings = {
  enableDiscordWebhook: adminSetting(boolean(), false),
  discordWebhook: secretSetting(urlSetting(), ''),
  discordMessageTemplate: adminSetting(
    text(2000, { trim: false }),
    'New video: **{title}**\n{description}\n\nWatch it here: {url}',
  ),
  emailNewVideos: adminSetting(boolean(), false),
  emailWeeklySummary: adminSetting(boolean(), false),
  notificationEmail: adminSetting(emailSetting(), ''),
  // The SMTP server e-mail goes through (#14); SMTP_URL gives the starting values.
  /** A host name (a single label like `mailpit` too, for a relay next door) or an IPv4 address. */
  smtpHost: adminSetting(
    clearable(
      253,
      (v) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(v),
      'must be a host name like smtp.example.com',
    ),
    '',
  ),
  smtpPort: adminSetting(wholeNumber(1, 65535), 587),
  /** `starttls`: upgrade on the submission port (587); `tls`: TLS from the start (465); `none`: plain. */
  smtpSecurity: adminSetting(oneOf(['none', 'starttls', 'tls']), 'starttls'),
  smtpUser: adminSetting(text(254), ''),
  smtpPassword: secretSetting(text(256), ''),
  /** The From address; empty: the SMTP user when it is an address. */
  smtpFrom: adminSetting(emailSetting(), ''),
  enableCustomWebhook: adminSetting(boolean(), false),
  customWebhookUrl: secretSetting(urlSetting(), ''),
  customWebhookSecret: secretSetting(text(256), ''),
  mailchimpApiKey: secretSetting(
    clearable(200, (v) => /^\S+$/.test(v), 'must be a single word without spaces'),
    '',
  ),
  /** The Mailchimp audience (list) new newsletter sign-ups join, with double opt-in (issue 14). */
  mailchimpAudienceId: adminSetting(
    clearable(20, (v) => /^[a-z0-9]{5,20}$/i.test(v), 'must be a Mailchimp audience id like a1b2c3d4e5'),
    '',
  ),
};
