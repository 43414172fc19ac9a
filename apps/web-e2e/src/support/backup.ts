/** Backups for `POST /api/admin/import` (the shape `GET /api/admin/export` gives). */
const TOPICS = [
  'React Hooks',
  'TypeScript Tips',
  'CSS Layout',
  'Node Streams',
  'SQL Joins',
  'Docker Basics',
  'Git Workflows',
  'Testing',
];
const HOUR_MS = 3_600_000;

export interface BackupOptions {
  videos: number;
  playlists?: number;
  /** When the newest video came out (defaults to now). */
  now?: number;
  featured?: boolean;
}

const pad = (n: number) => String(n).padStart(5, '0');

export function videoId(i: number): string {
  return `vid${pad(i)}`;
}

/** A deterministic channel of `videos` videos, newest first, one hour apart; `Needle` appears once. */
export function channelBackup({ videos, playlists = 0, now = Date.now(), featured = true }: BackupOptions) {
  const list = Array.from({ length: videos }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length];
    const seconds = 60 + ((i * 97) % 3500);
    return {
      id: videoId(i),
      title: i === 4321 ? 'Needle in the Haystack' : `${topic} episode ${i + 1}`,
      description: `Episode ${i + 1} about ${topic.toLowerCase()}.`,
      // The featured (newest) video has no thumbnail: the page's placeholder text shows.
      thumbnail: i === 0 ? null : `/api/demo/thumbnails/v${(i % 48) + 1}.svg`,
      duration: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
      durationSeconds: seconds,
      viewCount: (i * 7919) % 1_000_003,
      publishedAt: new Date(now - i * HOUR_MS).toISOString(),
      featured: featured && i === 0,
      kind: 'video' as const,
    };
  });
  return {
    schemaVersion: 1,
    exportedAt: new Date(now).toISOString(),
    channel:
      videos === 0
        ? null
        : {
            title: 'Large channel',
            handle: '@large',
            description: null,
            thumbnail: null,
            youtubeChannelId: null,
            uploadsPlaylistId: null,
            subscriberCount: 2_345_678,
            videoCount: videos,
            viewCount: list.reduce((sum, v) => sum + v.viewCount, 0),
            isDemo: false,
          },
    videos: list,
    playlists: Array.from({ length: playlists }, (_, i) => ({
      id: `PL${pad(i)}`,
      title: `Playlist ${i + 1}`,
      thumbnail: null,
      videoCount: 10,
      pinned: false,
      position: i,
    })),
    settings: {},
  };
}
