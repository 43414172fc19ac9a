/**
 * Which YouTube channel the site follows, with which key, and how they are named in errors, in one place for
 * the sync, the live check and the connection test: the `channelId` setting, else `YOUTUBE_CHANNEL_ID` (a value
 * starting with `@` is a handle, anything else a `UC…` id); the `youtubeApiKey` setting, whose starting value is
 * `YOUTUBE_API_KEY` (a key saved in the dashboard wins).
 */
import type { Env } from '../config/env';
import type { SettingsService } from '../settings/settings.service';
import type { ChannelRef, YouTubeApiError } from './youtube-api.client';

/**
 * Where the owner fixes it, named as the dashboard shows it (the form "YouTube set-up" on the Content tab's
 * YouTube Integration card). The server's environment is only mentioned as the alternative it is.
 */
const SETUP_FIELD = 'Channel in YouTube set-up (Content → YouTube Integration)';

export const YOUTUBE_MESSAGES = {
  missingChannel: `No YouTube channel is set yet: paste your channel's URL into ${SETUP_FIELD}, then Save and test. (Whoever runs the server can set the channel in its environment instead.)`,
  noSuchChannel: (channel: string) => `YouTube has no channel ${channel}: check ${SETUP_FIELD}`,
  feedNeedsId: (handle: string) =>
    `Without a YouTube API key the channel's public feed is read by its UC… id, and ${handle} is a handle: paste the channel's URL with its UC… id into ${SETUP_FIELD}, or save an API key there`,
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
