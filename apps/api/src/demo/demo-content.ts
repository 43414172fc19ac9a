import { formatTimestamp, seededRandom, thumbnailUrl, type VideoKind } from '@app/contracts';
import { escapeHtml } from '@app/contracts/html';
import { formatDuration } from '../youtube/duration';

/**
 * Deterministic demo channel: the same titles, ids, counts and durations on every install,
 * with dates counted back from the day of seeding. Thumbnails are SVGs served by the API
 * itself, so the site renders offline.
 */
export interface DemoVideo {
  id: string;
  title: string;
  description: string;
  thumbnail: string;
  duration: string;
  durationSeconds: number;
  viewCount: number;
  publishedAt: Date;
  kind: VideoKind;
}

export interface DemoPlaylist {
  id: string;
  title: string;
  thumbnail: string | null;
  videoCount: number;
  position: number;
}

export interface DemoContent {
  channel: { title: string; handle: string; description: string; subscriberCount: number; viewCount: number };
  videos: DemoVideo[];
  playlists: DemoPlaylist[];
  /** What each playlist holds: every n-th video (n playlists), so each video is in one playlist. */
  playlistItems: { playlistId: string; videoIds: string[] }[];
}

const TOPICS = [
  'React Server Components',
  'TypeScript Generics',
  'NestJS Modules',
  'CSS Grid Layouts',
  'Node.js Streams',
  'Docker for Developers',
  'SQL Indexes',
  'Git Rebase',
  'Web Accessibility',
  'REST API Design',
  'Testing with Playwright',
  'Vite Build Tuning',
];
const FORMATS = [
  'Explained in 10 Minutes',
  'Complete Beginner Tutorial',
  'Tips I Wish I Knew Earlier',
  'Build a Real Project',
  'Common Mistakes and Fixes',
  'Deep Dive',
];
const PLAYLISTS = [
  'Full-Stack Web Development',
  'TypeScript Mastery',
  'Backend with NestJS',
  'Frontend Performance',
  'DevOps Essentials',
  'Quick Tips',
  'Live Coding Sessions',
  'Interview Preparation',
];

const GENERATED_VIDEOS = 48;
/** The generated videos and the one whose maxres thumbnail is missing. */
export const DEMO_VIDEO_COUNT = GENERATED_VIDEOS + 1;
/** The demo video whose maxres thumbnail is missing (issue 23). */
export const DEMO_MISSING_MAXRES_VIDEO_ID = 'noMaxresDem';
/** The demo channel's name (the site's name until the admin sets one or a sync brings the real one). */
export const DEMO_CHANNEL_TITLE = 'Code with Alex (demo)';
const DAY_MS = 86_400_000;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export const DEMO_THUMBNAIL_PATH = '/api/demo/thumbnails/';
/** Every demo thumbnail's size (`demoThumbnailSvg`). */
export const DEMO_THUMBNAIL_SIZE = { width: 640, height: 360 } as const;

export function demoThumbnailPath(kind: 'v' | 'p', n: number): string {
  return `${DEMO_THUMBNAIL_PATH}${kind}${n}.svg`;
}

/** The demo video whose description has chapters (issue 23), so the watch page shows them. */
const CHAPTERS_VIDEO = 2;

/** A description with chapters by YouTube's rules, spread over the video (every demo video lasts 3 minutes or more). */
function chaptersDescription(topic: string, durationSeconds: number): string {
  const at = (share: number) => formatTimestamp(Math.floor(durationSeconds * share));
  return [
    `Learn ${topic.toLowerCase()} step by step.`,
    '',
    'Chapters:',
    '0:00 Introduction',
    `${at(0.15)} Setting up the project`,
    `${at(0.45)} Building it step by step`,
    `${at(0.8)} Common mistakes`,
  ].join('\n');
}

export function buildDemoContent(now: Date): DemoContent {
  const random = seededRandom(20261121);
  const id = (length: number) =>
    Array.from({ length }, () => ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)]).join('');
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;

  const videos: DemoVideo[] = Array.from({ length: GENERATED_VIDEOS }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length];
    const format = FORMATS[(i * 7) % FORMATS.length];
    const isShort = i % 11 === 5;
    const durationSeconds = isShort ? 20 + Math.floor(random() * 40) : 180 + Math.floor(random() * 2700);
    const ageDays = i * 4 + Math.floor(random() * 3);
    return {
      id: id(11),
      title: isShort ? `${topic} in 60 Seconds #shorts` : `${topic}: ${format}`,
      description:
        i === CHAPTERS_VIDEO
          ? chaptersDescription(topic, durationSeconds)
          : `Learn ${topic.toLowerCase()} step by step. Code, slides and timestamps in the links below.`,
      thumbnail: demoThumbnailPath('v', i + 1),
      duration: formatDuration(durationSeconds),
      durationSeconds,
      viewCount: Math.floor(800 + random() * random() * 950_000),
      publishedAt: new Date(dayStart - ageDays * DAY_MS - Math.floor(random() * 12) * 3_600_000),
      kind: isShort ? 'short' : 'video',
    };
  });

  // Second newest, so `/` shows its fallback. Its thumbnail is YouTube's maxres URL, the path a real channel's
  // takes; YouTube knows no demo id (and offline there is no host), so every size fails and the placeholder shows.
  videos.splice(1, 0, {
    id: DEMO_MISSING_MAXRES_VIDEO_ID,
    title: 'Thumbnails Without Maxres: Fallbacks Explained',
    description:
      'Many videos have no maxres thumbnail. This one shows the fallback the site puts in its place.',
    thumbnail: thumbnailUrl(DEMO_MISSING_MAXRES_VIDEO_ID, 'maxresdefault'),
    duration: formatDuration(412),
    durationSeconds: 412,
    viewCount: 3_210,
    publishedAt: new Date(dayStart - 3 * DAY_MS),
    kind: 'video',
  });

  const playlists: DemoPlaylist[] = PLAYLISTS.map((title, i) => ({
    id: `PL${id(32)}`,
    title,
    // Two playlists have no thumbnail, so the gradient fallback is visible in the demo.
    thumbnail: i % 4 === 3 ? null : demoThumbnailPath('p', i + 1),
    videoCount: 4 + Math.floor(random() * 30),
    position: i,
  }));

  return {
    channel: {
      title: DEMO_CHANNEL_TITLE,
      handle: '@codewithalex-demo',
      description:
        'Practical web development tutorials. This is demo content: sync from YouTube to replace it.',
      subscriberCount: 128_400,
      viewCount: videos.reduce((sum, v) => sum + v.viewCount, 0),
    },
    videos,
    playlists,
    playlistItems: playlists.map((playlist, i) => ({
      playlistId: playlist.id,
      videoIds: videos.filter((_, j) => j % playlists.length === i).map((video) => video.id),
    })),
  };
}

const PALETTE = [
  ['#ff0000', '#7a0019'],
  ['#3ea6ff', '#0b3d91'],
  ['#8e2de2', '#4a00e0'],
  ['#11998e', '#38ef7d'],
  ['#f7971e', '#ffd200'],
  ['#fc466b', '#3f5efb'],
];

/** The two colours of demo item `n`'s gradient (its thumbnail's and its site image's). */
export function demoThumbnailColours(n: number): readonly [string, string] {
  const [from, to] = PALETTE[n % PALETTE.length];
  return [from, to];
}

/** A 16:9 SVG thumbnail for demo item `n` (no external fonts or images). */
export function demoThumbnailSvg(kind: 'v' | 'p', n: number): string {
  const [from, to] = demoThumbnailColours(n);
  const label = kind === 'v' ? `Video ${n}` : `Playlist ${n}`;
  const topic = escapeHtml(TOPICS[(n - 1) % TOPICS.length]);
  const { width, height } = DEMO_THUMBNAIL_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<text x="40" y="190" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="700" fill="#fff">${kind === 'v' ? topic : label}</text>
<text x="40" y="250" font-family="Arial, Helvetica, sans-serif" font-size="26" fill="#fff" opacity="0.85">${kind === 'v' ? label : 'Demo playlist'}</text>
</svg>`;
}
