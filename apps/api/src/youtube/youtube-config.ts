/**
 * Which YouTube channel the site follows, with which key, and how they are named in errors, in one place for
 * the sync, the live check and the connection test: the `channelId` setting, else `YOUTUBE_CHANNEL_ID` (a value
 * starting with `@` is a handle, anything else a `UC…` id); the `youtubeApiKey` setting, whose starting value is
 * `YOUTUBE_API_KEY` (a key saved in the dashboard wins).
 */
import type { Env } from '../config/env';
import type { SettingsService } from '../settings/settings.service';
import type { ChannelRef, YouTubeApiError } from './youtube-api.client';

export const YOUTUBE_MESSAGES = {
  missingChannel:
    'No YouTube channel is configured: set the channelId setting or the YOUTUBE_CHANNEL_ID environment variable',
  noSuchChannel: (channel: string) =>
    `YouTube has no channel ${channel}: check the channelId setting or the YOUTUBE_CHANNEL_ID environment variable`,
} as const;

/** The configured channel (`@handle` or `UC…` id), or undefined when neither the setting nor the variable names one. */
export async function configuredChannel(
  settings: Pick<SettingsService, 'get'>,
  env: Pick<Env, 'YOUTUBE_CHANNEL_ID'>,
): Promise<string | undefined> {
  return (await settings.get('channelId')) || env.YOUTUBE_CHANNEL_ID || undefined;
}

/** The Data API key: the one saved in the dashboard, else YOUTUBE_API_KEY's; undefined when neither is set. */
export async function configuredApiKey(settings: Pick<SettingsService, 'get'>): Promise<string | undefined> {
  return (await settings.get('youtubeApiKey')) || undefined;
}

/** How the Data API is asked for the channel: by handle or by id. */
export function channelRef(channel: string): ChannelRef {
  return channel.startsWith('@') ? { handle: channel } : { id: channel };
}

/** The channel as written in a message. */
export function channelName(ref: ChannelRef): string {
  return 'id' in ref ? ref.id : ref.handle;
}

/** A failed Data API call in a sentence for the admin (`said`: YouTube's own words, shortened). */
export function youTubeErrorText(error: YouTubeApiError, said: string): string {
  if (error.isQuotaExceeded) return `YouTube API quota exceeded (${error.reason}): ${said}`;
  if (error.status === 0) return `Could not reach the YouTube API (${error.reason}): ${said}`;
  return `YouTube API error (${error.reason}, HTTP ${error.status}): ${said}`;
}
