import { t } from '../../../i18n/i18n';
import type { LiveStream } from '@app/contracts';
import { broadcastEventJsonLd, jsonLdText } from '@app/contracts/broadcast-event';
import { ogImagePath } from '@app/contracts/site-image-files';
import { watchUrl } from '@app/contracts/youtube';
import { Button, Container } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { VideoThumbnail } from '../../../components/video-thumbnail';
import { formatScheduledStart } from '../../../lib/format';
import { IMAGE_SIZES } from '../../../lib/image-sizes';
import { useHydrated } from '../../../lib/hydrated';
import { useRenderTime } from '../../../lib/render-time';
import { track } from '../../../lib/site-analytics';
import { useLiveState } from '../api/get-live-state';
import classes from './live-banner.module.css';
import { PlayFacade } from './play-facade';
import cardClasses from './video-card.module.css';
import { YouTubePlayer } from './youtube-player';

/** The stream's thumbnail until a click, then its player (nothing is loaded from YouTube before). */
function LivePlayer({
  stream,
  playing,
  onPlay,
}: {
  stream: LiveStream;
  playing: boolean;
  onPlay: () => void;
}) {
  if (playing)
    return <YouTubePlayer videoId={stream.id} title={stream.title} className={cardClasses.frame} />;
  return (
    <PlayFacade
      title={stream.title}
      image={stream.image}
      sizes={IMAGE_SIZES.live}
      onPlay={onPlay}
      placeholder={t('live.watchStream')}
      eager
    />
  );
}

/** BroadcastEvent structured data for the stream (search engines that run scripts read it). */
function StreamJsonLd({ stream }: { stream: LiveStream }) {
  const data = broadcastEventJsonLd({
    id: stream.id,
    title: stream.title,
    thumbnail: stream.image ? ogImagePath(stream.image) : stream.thumbnail,
    startDate: stream.actualStartTime ?? stream.scheduledStartTime,
  });
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}

function LiveNow({ stream }: { stream: LiveStream }) {
  const [playing, setPlaying] = useState(false);
  const play = () => {
    track({ kind: 'play', videoId: stream.id, where: 'live' });
    setPlaying(true);
  };
  return (
    <section className={classes.banner} aria-labelledby="live-now-title" data-testid="live-banner">
      <StreamJsonLd stream={stream} />
      <div className={classes.media}>
        <LivePlayer stream={stream} playing={playing} onPlay={play} />
      </div>
      <div className={classes.info}>
        <p id="live-now-title" className={classes.badge}>
          <span className={classes.dot} aria-hidden />
          {t('live.now')}
        </p>
        <h2 className={classes.title}>{stream.title}</h2>
        {!playing && (
          <Button radius="xl" leftSection={<IconPlayerPlayFilled size={16} aria-hidden />} onClick={play}>
            {t('live.watch')}
          </Button>
        )}
      </div>
    </section>
  );
}

/** What the server renders, and the browser hydrates, wherever the visitor is: English, in UTC. */
const SERVER_FORM = { locale: 'en-US', timeZone: 'UTC' } as const;

/**
 * A scheduled start (issue 27), with its year when it is not this year (issue 45): the server cannot know the visitor's time zone or language, so it sends the same
 * text for every visitor (UTC), the browser hydrates that very text, and then shows the visitor's own form. A
 * local form rendered on the server made React throw error #418 (hydration mismatch) for every visitor elsewhere.
 */
export function ScheduledStart({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  // Whether the year shows counts from the rendering's time, so the browser hydrates the server's very text.
  const now = useRenderTime();
  return <time dateTime={iso}>{formatScheduledStart(iso, { ...(hydrated ? {} : SERVER_FORM), now })}</time>;
}

function Upcoming({ stream }: { stream: LiveStream }) {
  return (
    <section className={classes.upcoming} aria-labelledby="upcoming-title" data-testid="upcoming-card">
      <StreamJsonLd stream={stream} />
      {stream.image && (
        <VideoThumbnail
          image={stream.image}
          alt=""
          className={classes.upcomingThumbnail}
          sizes={IMAGE_SIZES.small}
          placeholderClassName={`${classes.upcomingThumbnail} ${classes.upcomingPlaceholder}`}
        />
      )}
      <div className={classes.info}>
        <p id="upcoming-title" className={classes.upcomingBadge}>
          {t('live.upcoming')}
        </p>
        <h2 className={classes.upcomingTitle}>
          <a href={watchUrl(stream.id)} target="_blank" rel="noopener noreferrer">
            {stream.title}
          </a>
        </h2>
        {stream.scheduledStartTime && (
          <p className={classes.when}>
            <ScheduledStart iso={stream.scheduledStartTime} />
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * The top of `/` while the channel is live ("Live now", the player on a click) or has a stream scheduled
 * ("Upcoming", its start in the visitor's time zone). Both go by themselves when the API's live check sees
 * the stream end; nothing shows while loading or when the call fails.
 */
export function LiveBanner() {
  const { data } = useLiveState();
  if (!data || (!data.live && !data.upcoming)) return null;
  return (
    <Container size="xl" className={classes.wrap}>
      {data.live && <LiveNow key={data.live.id} stream={data.live} />}
      {data.upcoming && <Upcoming stream={data.upcoming} />}
    </Container>
  );
}
