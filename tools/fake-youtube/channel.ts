/**
 * The generated channel behind the fake YouTube Data API: N videos and M playlists, the same for a
 * given seed on every machine (ids, titles, durations, counts and dates do not depend on the clock).
 * Tests change it between syncs (add, remove, edit) through `FakeChannel`'s methods.
 *
 * It answers as real channels do (issue 27), not as a tidy one would: a hidden subscriber count, videos without
 * likes, comments or any statistics, with only the `default` thumbnail or none, emoji, CJK and right-to-left text,
 * 5,000-character descriptions, uploads still processing (`P0D`), premieres with their length, a free-chat stream
 * that stays upcoming long after its date, replays with fractional-second times and of more than 24 hours, and
 * playlists holding private and deleted items, other channels' videos and duplicates. Each shape names its source:
 * the YouTube Data API v3 reference (https://developers.google.com/youtube/v3/docs/…) or a recorded answer.
 */
import type {
  FakeStreamState,
  FakeChannelInfo,
  FakePlaylist,
  FakePlaylistItem,
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
/**
 * When the premiere of a channel of 20 or more is scheduled: a fixed moment (the channel stays the same whenever it
 * is generated) well after FAKE_EPOCH and after today, so it is the channel's next real start, as a creator's
 * premiere is, while the free chat's schedule lapsed long ago. The live check's spec fails once it has passed.
 */
export const FAKE_PREMIERE_AT = Date.UTC(2030, 2, 1, 17, 0, 0);

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

/**
 * Titles in other scripts, as creators write them: emoji (astral, with skin tones, flags and ZWJ families), CJK and
 * right-to-left Arabic and Hebrew. Titles are at most 100 characters and descriptions 5,000 bytes
 * (https://developers.google.com/youtube/v3/docs/videos#snippet.title, #snippet.description).
 */
const EMOJI_TITLES = ['🚀 {topic}: ship it! 👩🏽‍💻✨', '{topic} 🇩🇪🇯🇵 — what 👨‍👩‍👧‍👦 teams get wrong 😅'];
const CJK_TITLES = ['{topic} 入門：ゼロから始める 第{n}回', '{topic} 完全指南（中文字幕）第{n}集'];
const RTL_TITLES = ['شرح {topic} للمبتدئين - الجزء {n}', 'מדריך {topic} בעברית, חלק {n}'];
/** A description of 5,000 characters: emoji every few words, so any cut by UTF-16 unit splits one. */
const longDescription = (topic: string) => {
  const words = `${topic} 🎬 chapters, links 🔗 and notes 📝 日本語 عربي `;
  let text = '';
  while (text.length < 5000) text += words;
  return text.slice(0, 4998).replace(/[\uD800-\uDBFF]$/, ' ') + '🙂';
};
const fill = (template: string, topic: string, n: number) =>
  template.replace('{topic}', topic).replace('{n}', String(n));
/** Videos of other channels that playlists hold (a playlist may list anyone's public videos). */
const OTHER_CHANNEL = { channelTitle: 'Another Creator 🎸', salt: 7 } as const;

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

type StreamKind = 'live' | 'upcoming' | 'free-chat';

/**
 * Video number `index` (0 is the oldest upload). The mix covers what the sync must recognise: Shorts
 * (≤ 60 s, and up to 3 min with #shorts), long videos (hours), finished live streams, and, when asked,
 * a live or an upcoming stream.
 */
export function makeVideo(seed: number, index: number, publishedAt: string, stream?: StreamKind): FakeVideo {
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
    // Thumbnails: most uploads have 4 or 5 sizes; some only `default`, some none at all (`thumbnails: {}`, as
    // https://developers.google.com/youtube/v3/docs/videos#snippet.thumbnails allows: each key is optional).
    thumbnails: index % 17 === 2 ? 'default' : index % 17 === 9 ? 'none' : 'all',
    uploadStatus: 'processed',
    tags: [topic.toLowerCase(), 'programming'],
  };
  // Text in every script: emoji, CJK, right to left, and descriptions of the full 5,000 characters.
  if (index % 12 === 1) base.title = fill(EMOJI_TITLES[(index >> 4) % 2], topic, index + 1);
  if (index % 12 === 5) base.title = fill(CJK_TITLES[(index >> 4) % 2], topic, index + 1);
  if (index % 12 === 11) base.title = fill(RTL_TITLES[(index >> 4) % 2], topic, index + 1);
  if (index % 12 === 1 || index % 12 === 11) base.description = `${base.title}\n\n${base.description}`;
  if (index % 24 === 8) base.description = longDescription(topic);
  // Statistics YouTube withholds (https://developers.google.com/youtube/v3/docs/videos#statistics): likes the
  // owner hides, comments turned off (both keys left out), and for some videos no `statistics` part at all.
  if (index % 19 === 6) delete base.likeCount;
  if (index % 19 === 10) delete base.commentCount;
  if (index % 19 === 16) base.statisticsWithheld = true;
  if (stream === 'upcoming') {
    // A premiere: upcoming like a stream, but its length is known, so `contentDetails.duration` carries it
    // (recorded premieres answer e.g. `PT12M34S` while `liveBroadcastContent` is `upcoming`), and no likes yet.
    const premiere = { ...base };
    delete premiere.likeCount;
    return {
      ...premiere,
      title: `Premiere: ${topic} ${format} 🎉`,
      duration: isoDuration(600 + Math.floor(random() * 1200)),
      liveBroadcastContent: 'upcoming',
      viewCount: 0,
      liveStreamingDetails: { scheduledStartTime: new Date(FAKE_PREMIERE_AT).toISOString() },
    };
  }
  if (stream === 'free-chat') {
    // A "free chat": a stream scheduled once and never started, so it stays `upcoming` (duration `P0D`) long
    // after its scheduled date; it sinks below the newest 50 uploads as the channel publishes.
    return {
      ...base,
      title: `💬 Free chat: ask me anything about ${topic}`,
      duration: 'P0D',
      liveBroadcastContent: 'upcoming',
      viewCount: 0,
      liveStreamingDetails: { scheduledStartTime: new Date(Date.parse(publishedAt) + HOUR).toISOString() },
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
    // A replay; every other one ran for more than a day (`P1DT…`: a 24-hour charity stream). Its times carry
    // fractional seconds: the reference gives them as `YYYY-MM-DDThh:mm:ss.sZ`
    // (https://developers.google.com/youtube/v3/docs/videos#liveStreamingDetails.actualStartTime).
    seconds = index % 100 === 75 ? 90_000 + Math.floor(random() * 7200) : 5400 + Math.floor(random() * 3600);
    base.title = seconds > 86_400 ? `24h+ marathon stream 🔴 ${topic}` : `Stream replay: ${topic}`;
    const started = Date.parse(publishedAt) + 1000 + Math.floor(random() * 1000);
    base.liveStreamingDetails = {
      scheduledStartTime: publishedAt,
      actualStartTime: new Date(started).toISOString(),
      actualEndTime: new Date(started + seconds * 1000 + 250).toISOString(),
    };
  } else if (index % 29 === 27) {
    // Still processing: `status.uploadStatus` is `uploaded` and `contentDetails.duration` reads `P0D` until
    // YouTube knows the length (https://developers.google.com/youtube/v3/docs/videos#status.uploadStatus).
    seconds = 0;
    base.uploadStatus = 'uploaded';
    base.viewCount = 0;
  } else {
    seconds = 181 + Math.floor(random() * 1600);
  }
  return { ...base, duration: isoDuration(seconds) };
}

/** Another channel's public video, as a playlist of this channel may hold it. */
function otherChannelVideo(seed: number, index: number): FakeVideo {
  const video = makeVideo(seed + 7919, index, new Date(FAKE_EPOCH - (index + 3) * 100 * HOUR).toISOString());
  return { ...video, id: makeId(seed, OTHER_CHANNEL.salt, index, 11), title: `Guest talk: ${video.title}` };
}

const publicItem = (videoId: string): FakePlaylistItem => ({ videoId, status: 'public' });

/**
 * A playlist of the channel's videos. From the first playlist on every third one also holds what real playlists
 * hold: a video made private and one deleted (YouTube keeps both as items, titled "Private video" and "Deleted
 * video", without `videoOwnerChannelId`), another channel's video, and the same video twice.
 */
export function makePlaylist(seed: number, index: number, videoIds: string[]): FakePlaylist {
  const topic = TOPICS[index % TOPICS.length];
  const items = videoIds.map(publicItem);
  if (index % 3 === 0 && items.length > 0) {
    const other = otherChannelVideo(seed, index);
    const owner = {
      channelId: `UC${makeId(seed, OTHER_CHANNEL.salt + 1, 0, 22)}`,
      channelTitle: OTHER_CHANNEL.channelTitle,
    };
    items.splice(Math.min(1, items.length), 0, { videoId: makeId(seed, 5, index, 11), status: 'private' });
    items.splice(Math.min(2, items.length), 0, { videoId: other.id, status: 'public', owner, video: other });
    items.splice(Math.min(3, items.length), 0, { videoId: makeId(seed, 6, index, 11), status: 'deleted' });
    items.push(publicItem(videoIds[0]));
  }
  return {
    id: `PL${makeId(seed, 2, index, 32)}`,
    title: index < TOPICS.length ? `${topic} Series` : `${topic} Collection ${index + 1}`,
    description: `Everything about ${topic.toLowerCase()}.`,
    publishedAt: new Date(FAKE_EPOCH - (index + 1) * 240 * HOUR).toISOString(),
    items,
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
      // Hidden, as many channels keep it: `hiddenSubscriberCount: true` and no `subscriberCount`
      // (https://developers.google.com/youtube/v3/docs/channels#statistics.hiddenSubscriberCount).
      subscriberCount: null,
      viewCount: 0,
      banner: true,
    };
    // Newest first, 17 hours apart; a channel of 20 or more has an upcoming premiere (the newest) and
    // a stream that is live now (the third newest); one of 60 or more a free-chat stream, 56th newest, below
    // the newest 50 that the light live check reads.
    const streams = new Map<number, StreamKind>(
      options.videos >= 20
        ? [[0, 'upcoming'], [2, 'live'], ...(options.videos >= 60 ? [[55, 'free-chat'] as const] : [])]
        : [],
    );
    this.videos = Array.from({ length: options.videos }, (_, i) =>
      makeVideo(
        seed,
        options.videos - 1 - i,
        new Date(FAKE_EPOCH - i * 17 * HOUR).toISOString(),
        streams.get(i),
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
      // A scheduled live stream, not a premiere: no length until it has run.
      video.title = video.title.replace(/^Premiere: /, 'Live stream: ');
      video.duration = 'P0D';
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

  /**
   * Deletes videos: they leave the uploads, but a playlist keeps each as a "Deleted video" item, which its
   * `itemCount` still counts, as YouTube does.
   */
  removeVideos(ids: string[]): number {
    const gone = new Set(ids);
    const before = this.videos.length;
    this.videos = this.videos.filter((v) => !gone.has(v.id));
    for (const playlist of this.playlists) {
      for (const item of playlist.items) {
        if (gone.has(item.videoId) && !item.owner) item.status = 'deleted';
      }
    }
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
