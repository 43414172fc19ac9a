import type { ChannelService } from '../channel/channel.service';
import type { Env } from '../config/env';
import type { SettingsService } from '../settings/settings.service';
import { configuredChannel } from '../youtube/youtube-config';
import type { OwnChannel } from './google-api';
import { channelLabel } from './google-messages';

/** The channel the site is set up for: its `UC…` id and title when known, its `@handle` when set by handle. */
export interface SiteChannel {
  id: string | null;
  handle: string | null;
  title: string | null;
}

/**
 * The site's channel (the channel setting, else YOUTUBE_CHANNEL_ID), with what the last sync learnt about it; null
 * while none is set.
 */
export async function siteChannel(
  settings: Pick<SettingsService, 'get'>,
  channels: Pick<ChannelService, 'find'>,
  env: Pick<Env, 'YOUTUBE_CHANNEL_ID'>,
): Promise<SiteChannel | null> {
  const configured = await configuredChannel(settings, env);
  if (!configured) return null;
  const synced = await channels.find();
  const real = synced && !synced.isDemo ? synced : null;
  if (!configured.startsWith('@')) {
    return { id: configured, handle: null, title: real?.youtubeChannelId === configured ? real.title : null };
  }
  const same = real?.handle?.toLowerCase() === configured.toLowerCase();
  return { id: same ? real!.youtubeChannelId : null, handle: configured, title: same ? real!.title : null };
}

/** Whether the Google account's own channel is the site's: the same id, or the same handle. */
export function ownsSiteChannel(site: SiteChannel, own: OwnChannel): boolean {
  if (site.id) return own.id === site.id;
  return Boolean(site.handle && own.handle && own.handle.toLowerCase() === site.handle.toLowerCase());
}

export const siteChannelLabel = (site: SiteChannel) =>
  site.id ? channelLabel(site.id, site.title) : (site.handle ?? '');
