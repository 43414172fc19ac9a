/**
 * The generated channel behind the fake YouTube Data API: N videos and M playlists, the same for a
 * given seed on every machine (ids, titles, durations, counts and dates do not depend on the clock).
 * Tests change it between syncs (add, remove, edit) through `FakeChannel`'s methods.
 */
import type {
  FakeStreamState,
  FakeChannelInfo,
  FakePlaylist,
  FakeVideo,
  FakeVideoPatch,
} from '@app/contracts/fake-youtube';
import { seededRandom } from '@app/contracts/random';

export interface GenerateOptions {
  videos: number;
  playlists: number;
  seed?: number;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Dates count back from a fixed moment, so the channel is identical whenever it is generated. */
export const FAKE_EPOCH = Date.UTC(2025, 10, 1, 15, 0, 0);
const HOUR = 3_600_000;

const TOPICS = [
  'TypeScript Generics',
  'NestJS Modules',
  'React Suspense',
  'SQL Indexes',
  'Docker Layers',
  'Git Internals',
  'CSS Container Queries',
  'Node.js Streams',
  'Web Accessibility',
  'HTTP Caching',
  'Rust for JS Developers',
  'Testing Strategies',
];
const FORMATS = ['Explained', 'Deep Dive', 'in Practice', 'Crash Course', 'Q&A', 'Common Mistakes'];

/** A random-looking id that is unique per (prefix, index): the last 4 characters encode the index. */
function makeId(seed: number, salt: number, index: number, length: number): string {
  const random = seededRandom((seed ^ Math.imul(index + 1, 2654435761) ^ Math.imul(salt, 40503)) >>> 0);
  const head = Array.from(
    { length: length - 4 },
    () => ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)],
  ).join('');
  let tail = '';
  for (let n = index, i = 0; i < 4; i++, n = Math.floor(n / 64)) tail = ID_ALPHABET[n % 64] + tail;
  return head + tail;
}

export function isoDuration(totalSeconds: number): string {
  if (totalSeconds === 0) return 'P0D';
  const days = Math.floor(totalSeconds / 86_400);
  const h = Math.floor((totalSeconds % 86_400) / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const time = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

/**
 * Video number `index` (0 is the oldest upload). The mix covers what the sync must recognise: Shorts
 * (≤ 60 s, and up to 3 min with #shorts), long videos (hours), finished live streams, and, when asked,
 * a live or an upcoming stream.
 */
export function makeVideo(
  seed: number,
  index: number,
  publishedAt: string,
  stream?: 'live' | 'upcoming',
): FakeVideo {
  const random = seededRandom((seed * 31 + index * 7919) >>> 0);
  const topic = TOPICS[index % TOPICS.length];
  const format = FORMATS[(index * 5) % FORMATS.length];
  const base: FakeVideo = {
    id: makeId(seed, 1, index, 11),
    title: `${topic} ${format} #${index + 1}`,
    description:
      index % 10 === 3
        ? ''
        : `Part ${index + 1}: ${topic.toLowerCase()} step by step.\n\nChapters, code and links below.`,
    publishedAt,
    duration: '',
    liveBroadcastContent: 'none',
    viewCount: Math.floor(100 + random() * random() * 2_000_000),
    likeCount: Math.floor(random() * 40_000),
    commentCount: Math.floor(random() * 2_000),
    tags: [topic.toLowerCase(), 'programming'],
  };
  if (stream === 'upcoming') {
    return {
      ...base,
      title: `Live Premiere: ${topic} ${format}`,
      duration: 'P0D',
      liveBroadcastContent: 'upcoming',
      viewCount: 0,
      liveStreamingDetails: { scheduledStartTime: new Date(FAKE_EPOCH + 48 * HOUR).toISOString() },
    };
  }
  if (stream === 'live') {
    return {
      ...base,
      title: `LIVE: ${topic} coding session`,
      duration: 'P0D',
      liveBroadcastContent: 'live',
      liveStreamingDetails: { actualStartTime: publishedAt, concurrentViewers: '321' },
    };
  }
  let seconds: number;
  if (index % 9 === 4) {
    seconds = 15 + Math.floor(random() * 45);
    base.title = `${topic} in ${seconds} seconds #shorts`;
  } else if (index % 9 === 7) {
    // 2024 rule: Shorts may run up to 3 minutes; only the #shorts tag tells them from short videos.
    seconds = 61 + Math.floor(random() * 110);
    base.description = `Quick tip about ${topic.toLowerCase()} #Shorts`;
  } else if (index % 13 === 6) {
    seconds = 3600 + Math.floor(random() * 7200);
  } else if (index % 50 === 25) {
    seconds = 5400 + Math.floor(random() * 3600);
    base.title = `Stream replay: ${topic}`;
    base.liveStreamingDetails = {
      actualStartTime: publishedAt,
      actualEndTime: new Date(Date.parse(publishedAt) + seconds * 1000).toISOString(),
    };
  } else {
    seconds = 181 + Math.floor(random() * 1600);
  }
  return { ...base, duration: isoDuration(seconds) };
}

export function makePlaylist(seed: number, index: number, videoIds: string[]): FakePlaylist {
  const topic = TOPICS[index % TOPICS.length];
  return {
    id: `PL${makeId(seed, 2, index, 32)}`,
    title: index < TOPICS.length ? `${topic} Series` : `${topic} Collection ${index + 1}`,
    description: `Everything about ${topic.toLowerCase()}.`,
    publishedAt: new Date(FAKE_EPOCH - (index + 1) * 240 * HOUR).toISOString(),
    videoIds,
  };
}

/** The mutable channel a fake server serves. Uploads are kept newest first, like the uploads playlist. */
export class FakeChannel {
  readonly info: FakeChannelInfo;
  /** Newest first. */
  videos: FakeVideo[];
  playlists: FakePlaylist[];
  private nextVideoIndex: number;
  private nextPlaylistIndex: number;

  constructor(readonly options: GenerateOptions) {
    const seed = options.seed ?? 1;
    const id = `UC${makeId(seed, 3, 0, 22)}`;
    this.info = {
      id,
      handle: '@fakechannel',
      title: 'Fake Channel',
      description: 'A generated channel served by tools/fake-youtube.',
      publishedAt: new Date(FAKE_EPOCH - 4000 * 24 * HOUR).toISOString(),
      uploadsPlaylistId: `UU${id.slice(2)}`,
      subscriberCount: 123_400 + options.videos,
      viewCount: 0,
    };
    // Newest first, 17 hours apart; a channel of 20 or more has an upcoming premiere (the newest) and
    // a stream that is live now (the third newest).
    this.videos = Array.from({ length: options.videos }, (_, i) =>
      makeVideo(
        seed,
        options.videos - 1 - i,
        new Date(FAKE_EPOCH - i * 17 * HOUR).toISOString(),
        options.videos >= 20 ? ({ 0: 'upcoming', 2: 'live' } as const)[i] : undefined,
      ),
    );
    this.nextVideoIndex = options.videos;
    this.playlists = Array.from({ length: options.playlists }, (_, j) =>
      makePlaylist(
        seed,
        j,
        // Each playlist holds every M-th upload (at most 200), oldest first; one in seven stays empty.
        j % 7 === 6
          ? []
          : this.videos
              .filter((_, i) => i % options.playlists === j)
              .slice(0, 200)
              .map((v) => v.id)
              .reverse(),
      ),
    );
    this.nextPlaylistIndex = options.playlists;
  }

  get seed(): number {
    return this.options.seed ?? 1;
  }

  get totalViews(): number {
    return this.videos.reduce((sum, v) => sum + v.viewCount, 0);
  }

  /** Publishes `count` new videos (newer than every existing one); returns them, newest first. */
  addVideos(count: number): FakeVideo[] {
    const newestTime = this.videos.length ? Date.parse(this.videos[0].publishedAt) : FAKE_EPOCH;
    const added: FakeVideo[] = [];
    for (let k = 0; k < count; k++) {
      const publishedAt = new Date(newestTime + (k + 1) * HOUR).toISOString();
      added.unshift(makeVideo(this.seed, this.nextVideoIndex++, publishedAt));
    }
    this.videos.unshift(...added);
    return added;
  }

  /**
   * Moves a stream along upcoming → live → ended (`POST /__fake/stream`). `upcoming` without an id publishes a
   * new scheduled stream (the newest upload); `live` starts one (by id, else the newest upcoming); `ended` ends
   * one (by id, else the newest live), which leaves a replay with its duration, as YouTube does.
   */
  moveStream(
    state: FakeStreamState,
    options: { id?: string; at?: string; scheduledStartTime?: string } = {},
  ): FakeVideo {
    const at = options.at ?? new Date().toISOString();
    if (Number.isNaN(Date.parse(at))) throw new Error('at must be an ISO 8601 date-time');
    if (state === 'upcoming' && !options.id) {
      const newestTime = this.videos.length ? Date.parse(this.videos[0].publishedAt) : FAKE_EPOCH;
      const publishedAt = new Date(Math.max(newestTime + HOUR, Date.parse(at))).toISOString();
      const video = makeVideo(this.seed, this.nextVideoIndex++, publishedAt, 'upcoming');
      video.liveStreamingDetails = {
        scheduledStartTime: options.scheduledStartTime ?? new Date(Date.parse(at) + HOUR).toISOString(),
      };
      this.videos.unshift(video);
      return video;
    }
    const from = state === 'ended' ? 'live' : 'upcoming';
    const video = options.id
      ? this.videos.find((v) => v.id === options.id)
      : this.videos.find((v) => v.liveBroadcastContent === from);
    if (!video) throw new Error(options.id ? `no video ${options.id}` : `no ${from} stream`);
    if (state === 'live') {
      video.liveBroadcastContent = 'live';
      video.duration = 'P0D';
      video.liveStreamingDetails = {
        ...video.liveStreamingDetails,
        actualStartTime: at,
        concurrentViewers: '42',
      };
    } else if (state === 'ended') {
      const started = Date.parse(video.liveStreamingDetails?.actualStartTime ?? at);
      const seconds = Math.max(1, Math.round((Date.parse(at) - started) / 1000));
      video.liveBroadcastContent = 'none';
      video.duration = isoDuration(seconds);
      video.liveStreamingDetails = {
        scheduledStartTime: video.liveStreamingDetails?.scheduledStartTime,
        actualStartTime: new Date(started).toISOString(),
        actualEndTime: at,
      };
    } else {
      video.liveBroadcastContent = 'upcoming';
      video.duration = 'P0D';
      video.liveStreamingDetails = {
        scheduledStartTime: options.scheduledStartTime ?? new Date(Date.parse(at) + HOUR).toISOString(),
      };
    }
    return video;
  }

  removeVideos(ids: string[]): number {
    const gone = new Set(ids);
    const before = this.videos.length;
    this.videos = this.videos.filter((v) => !gone.has(v.id));
    for (const playlist of this.playlists)
      playlist.videoIds = playlist.videoIds.filter((id) => !gone.has(id));
    return before - this.videos.length;
  }

  updateVideo(id: string, patch: FakeVideoPatch): boolean {
    const video = this.videos.find((v) => v.id === id);
    if (!video) return false;
    Object.assign(video, patch);
    return true;
  }

  addPlaylists(count: number): FakePlaylist[] {
    const added = Array.from({ length: count }, () =>
      makePlaylist(
        this.seed,
        this.nextPlaylistIndex++,
        this.videos.slice(0, 3).map((v) => v.id),
      ),
    );
    this.playlists.push(...added);
    return added;
  }

  removePlaylists(ids: string[]): number {
    const gone = new Set(ids);
    const before = this.playlists.length;
    this.playlists = this.playlists.filter((p) => !gone.has(p.id));
    return before - this.playlists.length;
  }
}
