import { Button, Container } from '@mantine/core';
import { lazy, startTransition, Suspense, useCallback, useState } from 'react';
import { formatFullCount } from '../../../lib/format';
import { usePublicSettings } from '../../settings/api/get-public-settings';
import { useLatestVideos, VIDEO_PAGE_SIZE } from '../api/get-videos';
import { VideoGrid, VideoGridSkeleton, type GridColumns } from './video-grid';
import classes from './video-grid.module.css';

// Search, sort and the long list load only once a visitor asks for all videos.
const VideoBrowser = lazy(() => import('./video-browser').then((m) => ({ default: m.VideoBrowser })));

export const NO_VIDEOS_TEXT = 'No videos available. Check back soon!';

/** Latest Videos (anchor `videos`): the newest 20, one player at a time, View All for the rest. */
export function LatestVideos() {
  const { settings } = usePublicSettings();
  const columns = settings.videoGridColumns as GridColumns;
  const { data, isPending, isError } = useLatestVideos();
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [now] = useState(Date.now);
  const onPlay = useCallback((id: string) => setPlayingId(id), []);

  let content;
  if (isPending) {
    content = <VideoGridSkeleton count={VIDEO_PAGE_SIZE} columns={columns} />;
  } else if (isError) {
    content = (
      <div className={classes.empty} role="alert">
        <p>Videos could not be loaded. Please try again later.</p>
      </div>
    );
  } else if (data.total === 0) {
    content = (
      <div className={classes.empty}>
        <p>{NO_VIDEOS_TEXT}</p>
      </div>
    );
  } else if (showAll) {
    const latest = (
      <VideoGrid videos={data.videos} columns={columns} playingId={playingId} onPlay={onPlay} now={now} />
    );
    content = (
      <Suspense fallback={latest}>
        <VideoBrowser columns={columns} playingId={playingId} onPlay={onPlay} now={now} initial={data} />
      </Suspense>
    );
  } else {
    content = (
      <>
        <VideoGrid videos={data.videos} columns={columns} playingId={playingId} onPlay={onPlay} now={now} />
        {data.total > VIDEO_PAGE_SIZE && (
          <div className={classes.more}>
            <Button
              size="md"
              radius="xl"
              variant="default" // A transition: React builds the long list in slices, so no task blocks input for long.
              onClick={() => startTransition(() => setShowAll(true))}
            >
              View All
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section id="videos" className="section" aria-labelledby="videos-title">
      <Container size="xl">
        <div className={classes.header}>
          <h2 id="videos-title" className="section-title">
            Latest Videos
          </h2>
          {data && data.total > 0 && !showAll && (
            <p className={classes.count}>
              {data.total > VIDEO_PAGE_SIZE
                ? `${Math.min(VIDEO_PAGE_SIZE, data.videos.length)} of ${formatFullCount(data.total)} videos`
                : `${formatFullCount(data.total)} video${data.total === 1 ? '' : 's'}`}
            </p>
          )}
        </div>
        {content}
      </Container>
    </section>
  );
}
