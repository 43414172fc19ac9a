/**
 * Feed mode (issue 24): without an API key the sync reads the channel's public Atom feed
 * (`feedUrl` of the contracts, no quota). It lists the newest 15 uploads with
 * `yt:videoId`, the title, `published`, and a `media:group` holding the description, a thumbnail and
 * `media:community` → `media:statistics views`. Durations and playlists are not in it: they stay unknown (an
 * empty duration and 0 seconds, which the pages show as unknown), never guessed.
 */
import {
  FEED_ENTRY_COUNT,
  feedUrl,
  thumbnailUrl,
  truncateText,
  UNKNOWN_DURATION,
  VIDEO_ID_PATTERN,
} from '@app/contracts';
import { XMLParser } from 'fast-xml-parser';
import type { ChannelRow } from '../channel/channel.service';
import { type OutboundPolicy, outboundRequest } from '../common/outbound/outbound-http';
import type { VideoRow } from '../videos/videos.service';
import type { SyncData } from './sync-store.service';

/** A feed is a few dozen kB; a megabyte leaves room for 15 descriptions of 5,000 characters in any script. */
export const FEED_MAX_BYTES = 1024 * 1024;

export interface FeedEntry {
  videoId: string;
  title: string;
  description: string;
  thumbnail: string | null;
  publishedAt: Date;
  views: number;
  /** The feed links a Short to `/shorts/{id}` instead of `/watch`. */
  isShort: boolean;
}

export interface ChannelFeed {
  channelId: string;
  title: string;
  entries: FeedEntry[];
}

/** YouTube has no feed for the channel (it answers 404). */
export class FeedChannelNotFoundError extends Error {
  constructor(readonly channelId: string) {
    super(`YouTube has no channel ${channelId}`);
  }
}

/** The feed could not be read: no answer, an error status, or not a YouTube feed. */
export class FeedError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Ids and titles stay text ("0123" is not a number); counts are read on purpose below.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: true,
  isArray: (name) => name === 'entry' || name === 'link',
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'];
  return '';
};
const child = (node: unknown, name: string): Node | undefined => {
  const value = isNode(node) ? node[name] : undefined;
  return isNode(value) ? value : undefined;
};

const YTIMG = /^https:\/\/i\d?\.ytimg\.com\/vi\/([\w-]+)\/hqdefault\.jpg$/;

/** The feed's thumbnail: its `hqdefault` on `i1…i4.ytimg.com` is the same image as `thumbnailUrl`'s. */
function thumbnailOf(url: string, videoId: string): string | null {
  if (YTIMG.exec(url)?.[1] === videoId) return thumbnailUrl(videoId, 'hqdefault');
  return /^https:\/\//.test(url) ? url.slice(0, 2048) : null;
}

function entryOf(node: Node): FeedEntry | null {
  const videoId = text(node['yt:videoId']);
  const published = new Date(text(node.published));
  if (!VIDEO_ID_PATTERN.test(videoId) || Number.isNaN(published.getTime())) return null;
  const group = child(node, 'media:group');
  const views = Number(child(child(group, 'media:community'), 'media:statistics')?.['@_views']);
  const links = Array.isArray(node.link) ? (node.link as Node[]) : [];
  const href = String(links.find((link) => link['@_rel'] === 'alternate')?.['@_href'] ?? '');
  return {
    videoId,
    title: text(node.title) || text(group?.['media:title']),
    description: text(group?.['media:description']),
    thumbnail: thumbnailOf(String(child(group, 'media:thumbnail')?.['@_url'] ?? ''), videoId),
    publishedAt: published,
    views: Number.isSafeInteger(views) && views >= 0 ? views : 0,
    isShort: /\/shorts\//.test(href),
  };
}

/** Reads a channel feed; a FeedError when the text is not one. `channelId` is the channel that was asked for. */
export function parseChannelFeed(xml: string, channelId: string): ChannelFeed {
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    throw new FeedError(`YouTube's feed is not valid XML: ${(error as Error).message.split('\n')[0]}`);
  }
  const feed = child(document, 'feed');
  if (!feed) throw new FeedError("YouTube's answer is not an Atom feed");
  const entries = (Array.isArray(feed.entry) ? (feed.entry as unknown[]) : [])
    .filter(isNode)
    .map(entryOf)
    .filter((entry): entry is FeedEntry => entry !== null)
    .slice(0, FEED_ENTRY_COUNT);
  return { channelId, title: text(feed.title) || text(child(feed, 'author')?.name), entries };
}

/** One GET of the feed through the outbound rules (SSRF rules, no redirects, the policy's timeout). */
export async function fetchChannelFeed(
  channelId: string,
  options: { origin: string; policy: OutboundPolicy },
): Promise<ChannelFeed> {
  let answer;
  try {
    answer = await outboundRequest(
      feedUrl(channelId, options.origin),
      { headers: { Accept: 'application/atom+xml, application/xml' }, maxBytes: FEED_MAX_BYTES },
      options.policy,
    );
  } catch (error) {
    throw new FeedError(`Could not reach YouTube's feed: ${(error as Error).message}`);
  }
  if (answer.status === 404) throw new FeedChannelNotFoundError(channelId);
  if (answer.status !== 200) {
    const redirect = answer.status >= 300 && answer.status < 400 ? ' (redirects are not followed)' : '';
    throw new FeedError(`YouTube's feed answered ${answer.status}${redirect}`);
  }
  if (answer.truncated) throw new FeedError(`YouTube's feed is longer than ${FEED_MAX_BYTES} bytes`);
  return parseChannelFeed(answer.text, channelId);
}

/** A video as the feed knows it: no duration (unknown, not 0:00), a Short only when the feed links it as one. */
export function toFeedVideoRow(entry: FeedEntry): VideoRow {
  return {
    id: entry.videoId,
    title: truncateText(entry.title, 255, ''),
    description: entry.description || null,
    thumbnail: entry.thumbnail,
    duration: UNKNOWN_DURATION,
    durationSeconds: 0,
    viewCount: entry.views,
    publishedAt: entry.publishedAt,
    kind: entry.isShort ? 'short' : 'video',
  };
}

/**
 * The channel as the feed knows it: id and title. The feed has no statistics, avatar, banner or description; a
 * stored row of the same channel keeps its own (the store merges), a new one starts without them: its
 * subscriber, video and view counts are unknown (null, never 0) until a sync with a key states them.
 */
export function toFeedChannelRow(feed: ChannelFeed): ChannelRow {
  return {
    youtubeChannelId: feed.channelId,
    title: truncateText(feed.title, 255, '') || feed.channelId,
    handle: null,
    description: null,
    thumbnail: null,
    banner: null,
    // YouTube derives the uploads playlist from the channel id (UC… → UU…).
    uploadsPlaylistId: `UU${feed.channelId.slice(2)}`,
    subscriberCount: null,
    videoCount: null,
    viewCount: null,
    isDemo: false,
  };
}

/**
 * What one feed-mode sync writes: the newest videos over what is stored (`newestOnly`); the first time, with
 * no playlists (the demo's go), since the feed names none.
 */
export function toFeedSyncData(feed: ChannelFeed): SyncData {
  return {
    channel: toFeedChannelRow(feed),
    videos: feed.entries.map(toFeedVideoRow),
    playlists: [],
    playlistItems: [],
    newestOnly: true,
  };
}
