import type { SiteImage, Video } from '@app/contracts';
import { UNKNOWN_DURATION } from '@app/contracts/youtube';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { ThumbnailImage, useThumbnail } from '../../../components/video-thumbnail';
import { t } from '../../../i18n/i18n';
import { IMAGE_SIZES } from '../../../lib/image-sizes';
import classes from './video-card.module.css';

const KIND_LABELS: Partial<Record<Video['kind'], string>> = {
  short: 'Short',
  live: 'Live',
  upcoming: 'Upcoming',
  replay: 'Replay',
};

/** What the badges over a thumbnail read, left to right; each left out when unknown. */
export interface FacadeBadges {
  /** The video's kind (Short, Live, …), at the bottom left. */
  kind?: string;
  /** Its length, at the bottom right (never 0:00 for a length the source did not give). */
  duration?: string;
}

/**
 * The play button's accessible name (WCAG 2.5.3, Label in Name): it starts with the words the button shows, so a
 * voice-control user who says them reaches it, then says what the picture shows: the video's title and its
 * badges ("Play My video, 12:34").
 */
export function facadeName(label: string, title: string, { kind, duration }: FacadeBadges = {}): string {
  return [`${label} ${title}`, kind, duration].filter(Boolean).join(', ');
}

interface PlayFacadeProps {
  title: string;
  /** The site's copy of its thumbnail; null shows the placeholder. */
  image: SiteImage | null | undefined;
  /** How wide the picture is on each screen (`IMAGE_SIZES`). */
  sizes?: string;
  onPlay: () => void;
  /** The label without a thumbnail (the SPEC's "Click to play featured video"); "Play" over one. */
  placeholder: string;
  badges?: FacadeBadges;
  /** The page's main image (a watch page's video): loaded at once and asked for first (issue 23). */
  eager?: boolean;
}

/**
 * The thumbnail that stands in for a player until a click (nothing is loaded from YouTube before): one label in
 * its centre, "▶ Play" over a thumbnail and the placeholder text without one, and the badges in its corners. The
 * badges sit beside the button, not in it, so its visible text is its label alone (their words end its name);
 * clicks go through them to the button.
 */
export function PlayFacade({
  title,
  image,
  sizes = IMAGE_SIZES.card,
  onPlay,
  placeholder,
  badges = {},
  eager = false,
}: PlayFacadeProps) {
  const thumbnail = useThumbnail(image);
  const label = thumbnail.current ? t('player.play') : placeholder;
  return (
    <>
      <button
        type="button"
        className={classes.facade}
        onClick={onPlay}
        aria-label={facadeName(label, title, badges)}
        // The name and label with the placeholder, for the boot script should every size of the image be missing.
        data-placeholder-label={image ? facadeName(placeholder, title, badges) : undefined}
      >
        <ThumbnailImage
          thumbnail={thumbnail}
          alt=""
          className={classes.thumbnail}
          sizes={sizes}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          placeholderClassName={classes.noThumbnail}
        />
        <span className={classes.playIcon} aria-hidden>
          <IconPlayerPlayFilled size={20} />
          <span className={classes.playLabel} data-placeholder-text={image ? placeholder : undefined}>
            {label}
          </span>
        </span>
      </button>
      {badges.duration && (
        <span className={classes.duration} aria-hidden>
          {badges.duration}
        </span>
      )}
      {badges.kind && (
        <span className={classes.kind} aria-hidden>
          {badges.kind}
        </span>
      )}
    </>
  );
}

/** A video's facade: its kind and length as badges. */
export function VideoFacade({
  video,
  placeholder = t('player.clickToPlay'),
  ...props
}: { video: Video; placeholder?: string } & Omit<
  PlayFacadeProps,
  'title' | 'image' | 'placeholder' | 'badges'
>) {
  return (
    <PlayFacade
      title={video.title}
      image={video.image}
      placeholder={placeholder}
      badges={{
        kind: KIND_LABELS[video.kind],
        // A duration the source did not give (the channel feed) is left out, never shown as 0:00.
        duration: video.duration === UNKNOWN_DURATION ? undefined : video.duration,
      }}
      {...props}
    />
  );
}
