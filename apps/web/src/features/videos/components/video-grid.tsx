import type { Video } from '@app/contracts';
import { VideoCard, VideoCardSkeleton } from './video-card';
import classes from './video-grid.module.css';

export type GridColumns = 3 | 4 | 5;

/** The grid's columns at the current width (the same breakpoints as video-grid.module.css). */
export function columnsFor(setting: GridColumns, matches: (query: string) => boolean): number {
  if (matches('(min-width: 75em)')) return setting;
  if (matches('(min-width: 62em)')) return 3;
  if (matches('(min-width: 36em)')) return 2;
  return 1;
}

export interface PlaybackProps {
  playingId: string | null;
  onPlay: (id: string) => void;
  now: number;
}

export function VideoGrid({
  videos,
  columns,
  playingId,
  onPlay,
  now,
}: { videos: Video[]; columns: GridColumns } & PlaybackProps) {
  return (
    <div className={classes.grid} data-columns={columns} data-testid="video-grid">
      {videos.map((video) => (
        <VideoCard key={video.id} video={video} playing={video.id === playingId} onPlay={onPlay} now={now} />
      ))}
    </div>
  );
}

export function VideoGridSkeleton({ count, columns }: { count: number; columns: GridColumns }) {
  return (
    <div className={classes.grid} data-columns={columns} role="status" aria-label="Loading videos">
      {Array.from({ length: count }, (_, i) => (
        <VideoCardSkeleton key={i} />
      ))}
    </div>
  );
}
