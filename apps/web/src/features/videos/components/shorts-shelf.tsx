import { t } from '../../../i18n/i18n';
import { useShortsShelf } from '../api/get-videos';
import classes from './shorts-shelf.module.css';
import { VideoCard } from './video-card';
import type { PlaybackProps } from './video-grid';

/**
 * The newest Shorts in vertical cards, a row that scrolls sideways (`showShortsShelf`, off by default). It
 * shares the grid's one player; nothing shows until there are Shorts.
 */
export function ShortsShelf({ playingId, onPlay, now }: PlaybackProps) {
  const { data } = useShortsShelf();
  if (!data || data.videos.length === 0) return null;
  return (
    <div
      className={classes.shelf}
      role="region"
      aria-labelledby="shorts-shelf-title"
      data-testid="shorts-shelf"
    >
      <h3 id="shorts-shelf-title" className={classes.title}>
        {t('shorts.title')}
      </h3>
      <div className={classes.row}>
        {data.videos.map((video) => (
          <VideoCard
            key={video.id}
            video={video}
            playing={video.id === playingId}
            onPlay={onPlay}
            now={now}
            vertical
          />
        ))}
      </div>
    </div>
  );
}
