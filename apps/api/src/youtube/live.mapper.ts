import { type LiveState, type LiveStream, truncateText, type VideoLiveDetails } from '@app/contracts';
import type { LiveStreamEntity } from './live-stream.entity';
import type { YtVideo } from './youtube-api.types';
import { pickThumbnail } from './youtube.mapper';

function date(value: string | undefined): Date | null {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function streamState(video: YtVideo): LiveStreamEntity['state'] | null {
  const content = video.snippet.liveBroadcastContent;
  if (content === 'live' || content === 'upcoming') return content;
  // Ended: back at `none` with an end time (a premiere that has aired too, as the sync files it: a replay).
  return video.liveStreamingDetails?.actualEndTime ? 'ended' : null;
}

/**
 * The streams among a page of videos: live now, scheduled, or ended (with their actual start and end); ordinary
 * uploads drop out.
 */
export function toLiveStreamRows(videos: YtVideo[]): LiveStreamEntity[] {
  return videos.flatMap((video) => {
    const state = streamState(video);
    if (!state) return [];
    return [
      {
        id: video.id,
        title: truncateText(video.snippet.title, 255, ''),
        thumbnail: pickThumbnail(video.snippet.thumbnails),
        state,
        scheduledStartTime: date(video.liveStreamingDetails?.scheduledStartTime),
        actualStartTime: date(video.liveStreamingDetails?.actualStartTime),
        actualEndTime: state === 'ended' ? date(video.liveStreamingDetails?.actualEndTime) : null,
      },
    ];
  });
}

type CurrentStream = LiveStreamEntity & { state: 'live' | 'upcoming' };
const isCurrent = (row: LiveStreamEntity): row is CurrentStream =>
  row.state === 'live' || row.state === 'upcoming';

/** A stream as `GET /api/live` answers it; `image` is its video's (LiveCheckService adds it), null here. */
export function toLiveStream(row: CurrentStream): LiveStream {
  return {
    id: row.id,
    title: row.title,
    thumbnail: row.thumbnail,
    image: null,
    state: row.state,
    scheduledStartTime: row.scheduledStartTime?.toISOString() ?? null,
    actualStartTime: row.actualStartTime?.toISOString() ?? null,
  };
}

/** A stream's times as its watch page shows them (`VideoDetail.live`). */
export function toVideoLiveDetails(row: LiveStreamEntity): VideoLiveDetails {
  return {
    state: row.state,
    scheduledStartTime: row.scheduledStartTime?.toISOString() ?? null,
    actualStartTime: row.actualStartTime?.toISOString() ?? null,
    actualEndTime: row.actualEndTime?.toISOString() ?? null,
  };
}

const time = (value: Date | null, fallback: number) => value?.getTime() ?? fallback;

/**
 * How long after its scheduled start a stream that has not started still counts as the next one: 6 hours. YouTube
 * keeps a broadcast that never started `upcoming` for good (a "free chat" room scheduled once stays so for years),
 * so a schedule must lapse somewhere. A creator who goes live an hour or two late is still expected within this
 * bound; a stream not started 6 hours after its time is not coming that day, and a lapsed room hides a real
 * schedule after it for 6 hours at most.
 */
export const UPCOMING_LAPSES_AFTER_MS = 6 * 60 * 60 * 1000;

/** An upcoming stream whose scheduled start lapsed more than `UPCOMING_LAPSES_AFTER_MS` before `now`. */
export function hasLapsed(row: Pick<LiveStreamEntity, 'state' | 'scheduledStartTime'>, now: number): boolean {
  return (
    row.state === 'upcoming' &&
    row.scheduledStartTime !== null &&
    row.scheduledStartTime.getTime() + UPCOMING_LAPSES_AFTER_MS < now
  );
}

/**
 * The stream live the longest is the channel's main one; of the scheduled ones, the next to start that has not
 * lapsed (`hasLapsed`, at `now`); ended ones are neither.
 */
export function toLiveState(rows: LiveStreamEntity[], now: number = Date.now()): LiveState {
  const current = rows.filter(isCurrent).filter((row) => !hasLapsed(row, now));
  const live = current
    .filter((r) => r.state === 'live')
    .sort(
      (a, b) =>
        time(a.actualStartTime, Infinity) - time(b.actualStartTime, Infinity) || a.id.localeCompare(b.id),
    );
  const upcoming = current
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
