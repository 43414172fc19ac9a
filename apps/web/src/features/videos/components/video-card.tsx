import { t } from '../../../i18n/i18n';
import type { Video } from '@app/contracts';
import { watchPath } from '@app/contracts/watch';
import { watchUrl } from '@app/contracts/youtube';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { memo, useRef, useState } from 'react';
import { formatCount, formatRelativeDate } from '../../../lib/format';
import { VideoFacade } from './play-facade';
import classes from './video-card.module.css';
import { type PlayerHandle, YouTubePlayer } from './youtube-player';

/** The playing card's player with the hover overlay that pauses and resumes it. */
function PlayingMedia({ video }: { video: Video }) {
  const player = useRef<PlayerHandle>(null);
  const [playing, setPlaying] = useState(true);
  const toggle = () => {
    if (playing) player.current?.pause();
    else player.current?.play();
    setPlaying(!playing);
  };
  return (
    <div className={classes.playing}>
      <YouTubePlayer
        ref={player}
        videoId={video.id}
        title={video.title}
        className={classes.frame}
        onPlayingChange={setPlaying}
      />
      <div className={classes.overlay}>
        <button
          type="button"
          className={classes.overlayButton}
          onClick={toggle}
          aria-label={t(playing ? 'player.pauseTitle' : 'player.playTitle', { title: video.title })}
          data-state={playing ? 'playing' : 'paused'}
        >
          {playing ? (
            <IconPlayerPauseFilled size={26} aria-hidden />
          ) : (
            <IconPlayerPlayFilled size={26} aria-hidden />
          )}
        </button>
      </div>
    </div>
  );
}

interface VideoCardProps {
  video: Video;
  playing: boolean;
  onPlay: (id: string) => void;
  now: number;
  /** A Short on its shelf: a 9:16 card. */
  vertical?: boolean;
}

/**
 * A card of the grid: facade or player, the title linking to the video on YouTube (SPEC), views, and its age linking
 * to its page on this site.
 */
export const VideoCard = memo(function VideoCard({ video, playing, onPlay, now, vertical }: VideoCardProps) {
  return (
    <article
      className={classes.card}
      data-video-id={video.id}
      data-playing={playing || undefined}
      data-vertical={vertical || undefined}
    >
      <div className={classes.media}>
        {playing ? (
          <PlayingMedia video={video} />
        ) : (
          <VideoFacade video={video} onPlay={() => onPlay(video.id)} />
        )}
      </div>
      <div className={classes.body}>
        <h3 className={classes.title}>
          <a
            href={watchUrl(video.id)}
            target="_blank"
            rel="noopener noreferrer"
            className={classes.titleLink}
          >
            {video.title}
          </a>
        </h3>
        <p className={classes.meta}>
          {video.viewCount !== null && <>{t('video.views', { count: formatCount(video.viewCount) })} • </>}
          <a href={watchPath(video.id)} className={classes.metaLink}>
            {formatRelativeDate(video.publishedAt, now)}
            <span className="visually-hidden">{t('video.onThisSite')}</span>
          </a>
        </p>
      </div>
    </article>
  );
});

export function VideoCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden data-skeleton>
      <div className={`${classes.media} skeleton`} />
      <div className={classes.body}>
        <div className="skeleton" style={{ height: '1rem', width: '90%' }} />
        <div className="skeleton" style={{ height: '0.8rem', width: '55%', marginTop: 8 }} />
      </div>
    </div>
  );
}
