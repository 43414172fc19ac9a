/**
 * Which YouTube channel the site follows and how it is named in errors, in one place for the sync, the live
 * check and the connection test: the `channelId` setting, else `YOUTUBE_CHANNEL_ID`; a value starting with `@` is
 * a handle, anything else a `UC…` id.
 */
import type { Env } from '../config/env';
import type { SettingsService } from '../settings/settings.service';
import type { ChannelRef } from './youtube-api.client';

export const YOUTUBE_MESSAGES = {
  missingKey: 'YouTube API key is missing: set the YOUTUBE_API_KEY environment variable',
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

/** How the Data API is asked for the channel: by handle or by id. */
export function channelRef(channel: string): ChannelRef {
  return channel.startsWith('@') ? { handle: channel } : { id: channel };
}

/** The channel as written in a message. */
export function channelName(ref: ChannelRef): string {
  return 'id' in ref ? ref.id : ref.handle;
}
