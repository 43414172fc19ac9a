import { t } from '../../../i18n/i18n';
import type { PlayPlace } from '@app/contracts';
import { type VideoFilterId, videoFiltersFor, videoKindQuery } from '@app/contracts/video-filters';
import { Button, Container } from '@mantine/core';
import { lazy, startTransition, Suspense, useCallback, useMemo, useState } from 'react';
import { formatFullCount } from '../../../lib/format';
import { useRenderTime } from '../../../lib/render-time';
import { track } from '../../../lib/site-analytics';
import { usePublicSettings } from '../../settings/api/get-public-settings';
import { useLatestVideos, VIDEO_PAGE_SIZE } from '../api/get-videos';
import { ShortsShelf } from './shorts-shelf';
import { VideoGrid, VideoGridSkeleton, type GridColumns } from './video-grid';
import classes from './video-grid.module.css';

// Search, sort and the long list load only once a visitor asks for all videos.
const VideoBrowser = lazy(() => import('./video-browser').then((m) => ({ default: m.VideoBrowser })));

/** All, Videos, Shorts (unless the site hides them), Live and replays: each asks the API for its kinds. */
function VideoFilters({
  filters,
  value,
  onChange,
}: {
  filters: ReturnType<typeof videoFiltersFor>;
  value: VideoFilterId;
  onChange: (id: VideoFilterId) => void;
}) {
  return (
    <div className={classes.filters} role="group" aria-label={t('videos.filters')}>
      {filters.map((filter) => (
        <Button
          key={filter.id}
          size="compact-md"
          radius="xl"
          variant={filter.id === value ? 'filled' : 'default'}
          aria-pressed={filter.id === value}
          onClick={() => startTransition(() => onChange(filter.id))}
        >
          {t(`filter.${filter.id}`)}
        </Button>
      ))}
    </div>
  );
}

/** Latest Videos (anchor `videos`): the newest 20, one player at a time, View All for the rest. */
export function LatestVideos() {
  const { settings } = usePublicSettings();
  const columns = settings.videoGridColumns as GridColumns;
  const filters = videoFiltersFor(settings.hideShorts);
  const [picked, setFilter] = useState<VideoFilterId>('all');
  const filter = filters.some((f) => f.id === picked) ? picked : 'all';
  const kind = videoKindQuery(filter, settings.hideShorts);
  const { data, isPending, isError, isPlaceholderData } = useLatestVideos(kind);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const now = useRenderTime();
  const playFrom = useCallback(
    (where: PlayPlace) => (id: string) => {
      track({ kind: 'play', videoId: id, where });
      setPlayingId(id);
    },
    [],
  );
  const onPlay = useMemo(() => playFrom('grid'), [playFrom]);
  const onPlayAll = useMemo(() => playFrom('view_all'), [playFrom]);
  const onPlayShort = useMemo(() => playFrom('shorts'), [playFrom]);

  let content;
  if (isPending) {
    content = <VideoGridSkeleton count={VIDEO_PAGE_SIZE} columns={columns} />;
  } else if (isError) {
    content = (
      <div className={classes.empty} role="alert">
        <p>{t('videos.error')}</p>
      </div>
    );
  } else if (data.total === 0) {
    content = (
      <div className={classes.empty}>
        <p>{t(`filter.${filter}.empty`)}</p>
      </div>
    );
  } else if (showAll) {
    const latest = (
      <VideoGrid videos={data.videos} columns={columns} playingId={playingId} onPlay={onPlay} now={now} />
    );
    content = (
      <Suspense fallback={latest}>
        <VideoBrowser
          columns={columns}
          playingId={playingId}
          onPlay={onPlayAll}
          now={now}
          initial={data}
          kind={kind}
        />
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
              {t('videos.viewAll')}
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
            {t('videos.title')}
          </h2>
          {data && data.total > 0 && !showAll && (
            <p className={classes.count}>
              {data.total > VIDEO_PAGE_SIZE
                ? t('videos.countOf', {
                    shown: Math.min(VIDEO_PAGE_SIZE, data.videos.length),
                    total: formatFullCount(data.total),
                  })
                : t('videos.count', { count: data.total })}
            </p>
          )}
        </div>
        {settings.showShortsShelf && <ShortsShelf playingId={playingId} onPlay={onPlayShort} now={now} />}
        {data && (data.total > 0 || filter !== 'all') && (
          <VideoFilters filters={filters} value={filter} onChange={setFilter} />
        )}
        <div style={{ opacity: isPlaceholderData ? 0.6 : 1 }} aria-busy={isPlaceholderData}>
          {content}
        </div>
      </Container>
    </section>
  );
}
