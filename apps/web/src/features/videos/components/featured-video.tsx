import { watchUrl } from '@app/contracts/youtube';
import { t } from '../../../i18n/i18n';
import { useState } from 'react';
import { HomeSection } from '../../../components/home-section';
import { formatCount, formatDuration, formatRelativeDate } from '../../../lib/format';
import { IMAGE_SIZES } from '../../../lib/image-sizes';
import { useRenderTime } from '../../../lib/render-time';
import { track } from '../../../lib/site-analytics';
import { useFeaturedVideo } from '../api/get-featured-video';
import classes from './featured-video.module.css';
import { VideoFacade } from './play-facade';
import { YouTubePlayer } from './youtube-player';

/** Featured Video (anchor `featured`): skeleton, the empty text, or the facade that turns into the player. */
export function FeaturedVideo() {
  const { data: video, isPending, isError } = useFeaturedVideo();
  const [playing, setPlaying] = useState(false);
  const now = useRenderTime();

  let content;
  if (isPending) {
    content = (
      <div className={classes.layout} role="status" aria-label={t('featured.loading')}>
        <div className={`${classes.media} skeleton`} />
        <div className={classes.info}>
          <div className="skeleton" style={{ height: '1.6rem', width: '85%' }} />
          <div className="skeleton" style={{ height: '1rem', width: '50%', marginTop: 12 }} />
        </div>
      </div>
    );
  } else if (isError || !video) {
    content = <p className={classes.empty}>{t('featured.empty')}</p>;
  } else {
    content = (
      <div className={classes.layout} data-testid="featured-video">
        <div className={classes.media}>
          {playing ? (
            <YouTubePlayer videoId={video.id} title={video.title} className={classes.frame} />
          ) : (
            <VideoFacade
              video={video}
              sizes={IMAGE_SIZES.poster}
              onPlay={() => {
                track({ kind: 'play', videoId: video.id, where: 'featured' });
                setPlaying(true);
              }}
              placeholder={t('featured.placeholder')}
            />
          )}
        </div>
        <div className={classes.info}>
          <h3 className={classes.title}>
            <a href={watchUrl(video.id)} target="_blank" rel="noopener noreferrer">
              {video.title}
            </a>
          </h3>
          <p className={classes.meta}>
            {video.viewCount !== null && (
              <>
                <span>{t('video.views', { count: formatCount(video.viewCount) })}</span>
                <span aria-hidden>•</span>
              </>
            )}
            <span>{formatRelativeDate(video.publishedAt, now)}</span>
            <span aria-hidden>•</span>
            <span className={classes.duration}>{formatDuration(video.duration)}</span>
          </p>
          {video.description && <p className={classes.description}>{video.description}</p>}
        </div>
      </div>
    );
  }

  return (
    <HomeSection id="featured" title={t('featured.title')}>
      {content}
    </HomeSection>
  );
}
