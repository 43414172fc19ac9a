import { t } from '../../../i18n/i18n';
import type { Video } from '@app/contracts';
import { watchPath } from '@app/contracts/watch';
import { UNKNOWN_DURATION, watchUrl } from '@app/contracts/youtube';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { memo, useRef, useState } from 'react';
import { VideoThumbnail } from '../../../components/video-thumbnail';
import { formatCount, formatRelativeDate } from '../../../lib/format';
import classes from './video-card.module.css';
import { type PlayerHandle, YouTubePlayer } from './youtube-player';

const KIND_LABELS: Partial<Record<Video['kind'], string>> = {
  short: 'Short',
  live: 'Live',
  upcoming: 'Upcoming',
  replay: 'Replay',
};

/** The thumbnail that stands in for the player until a click (nothing is loaded from YouTube before). */
export function VideoFacade({
  video,
  onPlay,
  placeholder = t('player.clickToPlay'),
  eager = false,
}: {
  video: Video;
  onPlay: () => void;
  placeholder?: string;
  eager?: boolean;
}) {
  return (
    <button
      type="button"
      className={classes.facade}
      onClick={onPlay}
      aria-label={t('player.playTitle', { title: video.title })}
    >
      <VideoThumbnail
        src={video.thumbnail}
        alt=""
        className={classes.thumbnail}
        loading={eager ? 'eager' : 'lazy'}
        // The page's main image (a watch page's video) is its largest paint: asked for first (issue 23).
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        width={640}
        height={360}
        placeholderClassName={classes.noThumbnail}
        placeholder={placeholder}
      />
      <span className={classes.playIcon} aria-hidden>
        <IconPlayerPlayFilled size={20} />
        <span className={classes.playLabel}>{t('player.play')}</span>
      </span>
      {/* A duration the source did not give (the channel feed) is left out, never shown as 0:00. */}
      {video.duration !== UNKNOWN_DURATION && <span className={classes.duration}>{video.duration}</span>}
      {KIND_LABELS[video.kind] && <span className={classes.kind}>{KIND_LABELS[video.kind]}</span>}
    </button>
  );
}

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
