import type { Settings } from '@app/contracts';
import type { Env } from '../config/env';
import { parseSmtpUrl } from '../notifications/smtp-url';

/**
 * Settings whose starting value comes from the environment (an analytics id, a
 * Discord webhook URL, a newsletter-service key, a video API key, the SMTP server and the Google OAuth client): a variable that is set also switches its
 * integration on. They act as defaults only: a value the admin saves wins, and a backup restore
 * that leaves the key out goes back to them.
 */
export function envSettingDefaults(env: Env): Partial<Settings> {
  return {
    ...(env.GOOGLE_ANALYTICS_ID && {
      googleAnalyticsId: env.GOOGLE_ANALYTICS_ID,
      enableGoogleAnalytics: true,
    }),
    ...(env.DISCORD_WEBHOOK_URL && {
      discordWebhook: env.DISCORD_WEBHOOK_URL,
      enableDiscordWebhook: true,
    }),
    ...(env.MAILCHIMP_API_KEY && { mailchimpApiKey: env.MAILCHIMP_API_KEY }),
    ...(env.YOUTUBE_API_KEY && { youtubeApiKey: env.YOUTUBE_API_KEY }),
    ...(env.SMTP_URL && parseSmtpUrl(env.SMTP_URL)),
    ...(env.GOOGLE_CLIENT_ID && { googleOAuthClientId: env.GOOGLE_CLIENT_ID }),
    ...(env.GOOGLE_CLIENT_SECRET && { googleOAuthClientSecret: env.GOOGLE_CLIENT_SECRET }),
  };
}
