import type { LiveState, LiveStream } from '@app/contracts';
import type { LiveStreamEntity } from './live-stream.entity';
import type { YtVideo } from './youtube-api.types';
import { pickThumbnail } from './youtube.mapper';

function date(value: string | undefined): Date | null {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** The videos of a live check that are live now or scheduled; the others (ended, ordinary uploads) drop out. */
export function toLiveStreamRows(videos: YtVideo[]): LiveStreamEntity[] {
  return videos
    .filter((v) => v.snippet.liveBroadcastContent === 'live' || v.snippet.liveBroadcastContent === 'upcoming')
    .map((video) => ({
      id: video.id,
      title: video.snippet.title.slice(0, 255),
      thumbnail: pickThumbnail(video.snippet.thumbnails),
      state: video.snippet.liveBroadcastContent as 'live' | 'upcoming',
      scheduledStartTime: date(video.liveStreamingDetails?.scheduledStartTime),
      actualStartTime: date(video.liveStreamingDetails?.actualStartTime),
    }));
}

export function toLiveStream(row: LiveStreamEntity): LiveStream {
  return {
    id: row.id,
    title: row.title,
    thumbnail: row.thumbnail,
    state: row.state,
    scheduledStartTime: row.scheduledStartTime?.toISOString() ?? null,
    actualStartTime: row.actualStartTime?.toISOString() ?? null,
  };
}

const time = (value: Date | null, fallback: number) => value?.getTime() ?? fallback;

/** The stream live the longest is the channel's main one; of the scheduled ones, the next to start. */
export function toLiveState(rows: LiveStreamEntity[]): LiveState {
  const live = rows
    .filter((r) => r.state === 'live')
    .sort(
      (a, b) =>
        time(a.actualStartTime, Infinity) - time(b.actualStartTime, Infinity) || a.id.localeCompare(b.id),
    );
  const upcoming = rows
    .filter((r) => r.state === 'upcoming')
    .sort(
      (a, b) =>
        time(a.scheduledStartTime, Infinity) - time(b.scheduledStartTime, Infinity) ||
        a.id.localeCompare(b.id),
    );
  return {
    live: live[0] ? toLiveStream(live[0]) : null,
    upcoming: upcoming[0] ? toLiveStream(upcoming[0]) : null,
  };
}
