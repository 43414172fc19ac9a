import { isLinkUrl, truncateText, UNKNOWN_DURATION, type VideoKind } from '@app/contracts';
import type { ChannelRow } from '../channel/channel.service';
import type { PlaylistRow } from '../playlists/playlists.service';
import type { VideoRow } from '../videos/videos.service';
import { formatDuration, parseIsoDuration } from './duration';
import type { YtChannel, YtPlaylist, YtThumbnails, YtVideo } from './youtube-api.types';

/**
 * Shorts: the Data API has no flag for them. Since October 2024 a Short may run up to 3 minutes, but so may
 * an ordinary video, so: up to 60 s is a Short; 61–180 s is a Short only when the title, description or
 * tags say #shorts. (YouTube's own surfaces also look at the aspect ratio, which the API does not expose.)
 */
export const SHORT_MAX_SECONDS = 60;
export const TAGGED_SHORT_MAX_SECONDS = 180;
const SHORTS_TAG = /#shorts\b/i;

/** Badge text of streams, whose duration YouTube gives as `P0D` until they end. */
export const LIVE_DURATION_TEXT = 'LIVE';
export const UPCOMING_DURATION_TEXT = 'UPCOMING';

/** 480×360 serves the cards and the featured poster; otherwise whatever size exists. */
const THUMBNAIL_PREFERENCE = ['high', 'medium', 'standard', 'maxres', 'default'];

export function pickThumbnail(thumbnails: YtThumbnails | undefined): string | null {
  if (!thumbnails) return null;
  for (const size of THUMBNAIL_PREFERENCE) {
    const url = imageUrl(thumbnails[size]?.url);
    if (url) return url;
  }
  return null;
}

/** Only an http(s) URL that fits its column is kept (issue 25), whatever the API answered. */
function imageUrl(url: string | undefined): string | null {
  return url && url.length <= 2048 && isLinkUrl(url) ? url : null;
}

/**
 * A stream that has ended keeps `liveStreamingDetails` with an `actualEndTime` (and `liveBroadcastContent`
 * back at `none`): a replay. A premiere that has aired answers the same, so it is a replay too.
 */
export function videoKind(video: YtVideo, durationSeconds: number): VideoKind {
  const live = video.snippet.liveBroadcastContent;
  if (live === 'live') return 'live';
  if (live === 'upcoming') return 'upcoming';
  if (video.liveStreamingDetails?.actualEndTime) return 'replay';
  if (durationSeconds > 0 && durationSeconds <= SHORT_MAX_SECONDS) return 'short';
  if (durationSeconds > 0 && durationSeconds <= TAGGED_SHORT_MAX_SECONDS) {
    const text = [video.snippet.title, video.snippet.description, ...(video.snippet.tags ?? [])].join('\n');
    if (SHORTS_TAG.test(text)) return 'short';
  }
  return 'video';
}

/**
 * A stream not yet ended reads LIVE or UPCOMING; any other video YouTube gives no length (`P0D`: an upload it still
 * processes, which has no live status) is of unknown length, as the channel feed's are, never `0:00`.
 */
function durationText(kind: VideoKind, seconds: number): string {
  if (kind === 'live' && seconds === 0) return LIVE_DURATION_TEXT;
  if (kind === 'upcoming' && seconds === 0) return UPCOMING_DURATION_TEXT;
  if (seconds === 0) return UNKNOWN_DURATION;
  return formatDuration(seconds);
}

function publishedAt(video: YtVideo): Date {
  const date = new Date(video.snippet.publishedAt);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

export function toVideoRow(video: YtVideo): VideoRow {
  const durationSeconds = Math.min(
    parseIsoDuration(video.contentDetails?.duration ?? 'P0D') ?? 0,
    2_147_483_647,
  );
  const kind = videoKind(video, durationSeconds);
  return {
    id: video.id,
    title: truncateText(video.snippet.title, 255, ''),
    description: video.snippet.description || null,
    thumbnail: pickThumbnail(video.snippet.thumbnails),
    duration: durationText(kind, durationSeconds),
    durationSeconds,
    // Unknown is not 0: no statistics (or no viewCount in them) stays null.
    viewCount: video.statistics?.viewCount ?? null,
    publishedAt: publishedAt(video),
    kind,
  };
}

export function toPlaylistRow(playlist: YtPlaylist, position: number): PlaylistRow {
  return {
    id: playlist.id,
    title: truncateText(playlist.snippet.title, 255, ''),
    thumbnail: pickThumbnail(playlist.snippet.thumbnails),
    videoCount: playlist.contentDetails?.itemCount ?? 0,
    position,
  };
}

export function toChannelRow(channel: YtChannel): ChannelRow {
  return {
    youtubeChannelId: channel.id,
    title: truncateText(channel.snippet.title, 255, ''),
    handle: channel.snippet.customUrl === undefined ? null : truncateText(channel.snippet.customUrl, 100, ''),
    description: channel.snippet.description || null,
    thumbnail: pickThumbnail(channel.snippet.thumbnails),
    banner: imageUrl(channel.brandingSettings?.image?.bannerExternalUrl),
    uploadsPlaylistId: channel.contentDetails.relatedPlaylists.uploads ?? null,
    // A hidden count (`hiddenSubscriberCount`, no `subscriberCount`) is unknown, not 0.
    subscriberCount: channel.statistics.hiddenSubscriberCount
      ? null
      : (channel.statistics.subscriberCount ?? null),
    videoCount: channel.statistics.videoCount,
    viewCount: channel.statistics.viewCount,
    isDemo: false,
  };
}
