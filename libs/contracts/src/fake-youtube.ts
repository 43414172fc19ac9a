/**
 * The fake YouTube Data API of tools/fake-youtube, as its tests see it: the generated channel and the
 * control API (`/__fake/…`) that the API's integration tests, the benchmarks and the reliability specs
 * drive. One declaration for the server (tools) and its client in the API's tests, which may not import
 * tools code. Types only; not part of the product's own API (`@app/contracts/fake-youtube`).
 */
import type { YouTubeMethod } from './youtube';

export type FakeMethod = YouTubeMethod;

export interface FakeVideo {
  id: string;
  title: string;
  description: string;
  publishedAt: string;
  /** ISO 8601, as `contentDetails.duration` (`PT4M5S`, `P0D` for live and upcoming streams). */
  duration: string;
  liveBroadcastContent: 'none' | 'live' | 'upcoming';
  viewCount: number;
  /** Absent when the owner hides the likes (`statistics.likeCount` is then left out). */
  likeCount?: number;
  /** Absent when comments are off (`statistics.commentCount` is then left out). */
  commentCount?: number;
  /** No `statistics` part at all in `videos.list` (YouTube withholds all of it for some videos). */
  statisticsWithheld?: boolean;
  /** The thumbnail sizes YouTube has: every one, only `default` (120×90), or none (`thumbnails: {}`). */
  thumbnails: 'all' | 'default' | 'none';
  /** `uploaded` while YouTube still processes the upload (its duration then reads `P0D`). */
  uploadStatus: 'processed' | 'uploaded';
  tags: string[];
  liveStreamingDetails?: {
    actualStartTime?: string;
    actualEndTime?: string;
    scheduledStartTime?: string;
    concurrentViewers?: string;
  };
}

/**
 * One item of a playlist, as `playlistItems.list` lists it: a public video of the channel or of another channel
 * (`owner`), or YouTube's stand-in for a video made private or deleted (no owner, no thumbnails). Removing a video
 * leaves a `deleted` item behind, and the playlist's `itemCount` counts it.
 */
export interface FakePlaylistItem {
  videoId: string;
  status: 'public' | 'private' | 'deleted';
  /** Another channel's public video: its owner and its own data. */
  owner?: { channelId: string; channelTitle: string };
  video?: FakeVideo;
}

export interface FakePlaylist {
  id: string;
  title: string;
  description: string;
  publishedAt: string;
  items: FakePlaylistItem[];
}

export interface FakeChannelInfo {
  id: string;
  handle: string;
  title: string;
  description: string;
  publishedAt: string;
  uploadsPlaylistId: string;
  /** Null when the channel hides it (`hiddenSubscriberCount: true`, no `subscriberCount`). */
  subscriberCount: number | null;
  viewCount: number;
  /** Whether it has a banner (`brandingSettings.image.bannerExternalUrl`); `POST /__fake/banner {present}` sets it. */
  banner: boolean;
}

/** `GET /__fake/channel`: the channel and the ids of what it holds now. */
export interface FakeChannelContents extends FakeChannelInfo {
  videoIds: string[];
  playlistIds: string[];
}

/** `POST /__fake/videos/update` changes these (by `id`). */
export type FakeVideoPatch = Partial<Pick<FakeVideo, 'title' | 'description' | 'viewCount'>>;

/** `POST /__fake/stream {state, id?, at?, scheduledStartTime?}`: a stream's next step. */
export type FakeStreamState = 'upcoming' | 'live' | 'ended';
export interface FakeStreamMove {
  state: FakeStreamState;
  /** Which video; omitted: a new scheduled stream (`upcoming`), the newest upcoming (`live`) or live (`ended`). */
  id?: string;
  /** When it happens (ISO 8601); omitted: now. */
  at?: string;
  scheduledStartTime?: string;
}

export interface Fault {
  /** Which method; '*' for every one. */
  method: FakeMethod | '*';
  /** The 1-based call number of that method (since the last reset); omitted: every call. */
  page?: number;
  /**
   * error: answers `status` (default 500) with YouTube's error body; quota: 403 quotaExceeded;
   * slow: waits `delayMs` before answering normally; drop: closes the connection without an answer;
   * malformed: 200 with a body that is not JSON; redirect: answers `status` (default 302) with
   * `Location: location`.
   */
  type: 'error' | 'quota' | 'slow' | 'drop' | 'malformed' | 'redirect';
  status?: number;
  /** The `Location` of a `redirect`. */
  location?: string;
  reason?: string;
  delayMs?: number;
  /** How many times it fires before it is spent; omitted: every time it matches. */
  times?: number;
}

/** `GET /__fake/stats` */
export interface FakeStats {
  units: number;
  unitsByMethod: Record<FakeMethod, number>;
  calls: Record<FakeMethod, number>;
  /** Answers 304 Not Modified to `If-None-Match`. */
  notModified: number;
  faultsFired: number;
  /** Reads of the channel's Atom feed (`/feeds/videos.xml`, no key, no quota). */
  feedRequests: number;
  /** Requests to the image hosts (thumbnails, avatar, banner), 304s included. */
  imageRequests: number;
  /** Image requests answered 304 Not Modified (`If-None-Match` or `If-Modified-Since`). */
  imagesNotModified: number;
}

/** `POST /__fake/images/change {id}`: the video's (or, by the channel's id, the avatar's and banner's) new version. */
export interface FakeImageChange {
  id: string;
  version: number;
}

/** The one JSON line the CLI prints with `--json`. */
export interface FakeStartedLine {
  url: string;
  /** YOUTUBE_FEED_BASE_URL: where the channel's Atom feed is served. */
  feedBaseUrl: string;
  /** YOUTUBE_IMAGES_BASE_URL: where the image hosts' `https://<host>/<path>` is served as `<base>/<host>/<path>`. */
  imagesBaseUrl: string;
  controlUrl: string;
  port: number;
  channelId: string;
  handle: string;
  uploadsPlaylistId: string;
  videos: number;
  playlists: number;
}
