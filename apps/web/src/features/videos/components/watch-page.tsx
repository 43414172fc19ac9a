import { t } from '../../../i18n/i18n';
import type { VideoDetail } from '@app/contracts';
import { type Chapter, formatTimestamp, parseChapters, parseStartTime } from '@app/contracts/chapters';
import { watchPath, watchPathAt } from '@app/contracts/watch';
import { watchUrl } from '@app/contracts/youtube';
import { Button, Container, Text, Title } from '@mantine/core';
import { IconBrandYoutubeFilled, IconCheck, IconShare3 } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { VideoThumbnail } from '../../../components/video-thumbnail';
import {
  formatCount,
  formatDuration,
  formatFullCount,
  formatPublishedDate,
  formatRelativeDate,
} from '../../../lib/format';
import { IMAGE_SIZES } from '../../../lib/image-sizes';
import { useRenderTime } from '../../../lib/render-time';
import { track } from '../../../lib/site-analytics';
import { playlistUrl } from '../../../lib/youtube';
import { VideoFacade } from './play-facade';
import { type PlayerHandle, YouTubePlayer } from './youtube-player';
import { useVideoDetail } from '../api/get-video-detail';
import { LinkedText } from './linked-text';
import { createPlayerTime } from './player-time';
import { Transcript } from './transcript';
import playerClasses from './featured-video.module.css';
import classes from './watch-page.module.css';

/** The published day as a calendar date in UTC, the same on the server and in every browser. */

/** Copies the page's own address (the on-site URL, not YouTube's), and says so on the button for a moment. */
function ShareButton({ videoId }: { videoId: string }) {
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = `${window.location.origin}${watchPath(videoId)}`;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure origin, or refused): the address bar holds the same URL.
      window.prompt(t('watch.copyPrompt'), url);
    }
  };
  return (
    <Button
      variant="default"
      radius="xl"
      onClick={() => void share()}
      leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconShare3 size={18} aria-hidden />}
      aria-live="polite"
    >
      {copied ? t('watch.linkCopied') : t('watch.share')}
    </Button>
  );
}

function RelatedVideos({ videos, now }: { videos: VideoDetail['related']; now: number }) {
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="related-title">
      <h2 id="related-title" className={classes.asideTitle}>
        {t('watch.related')}
      </h2>
      <ul className={classes.related}>
        {videos.map((video) => (
          <li key={video.id}>
            <a href={watchPath(video.id)} className={classes.relatedLink}>
              <VideoThumbnail
                image={video.image}
                alt=""
                className={classes.relatedThumb}
                sizes={IMAGE_SIZES.related}
                loading="lazy"
                decoding="async"
              />
              <span>
                <span className={classes.relatedTitle}>{video.title}</span>
                <span className={classes.relatedMeta}>
                  {video.viewCount !== null &&
                    `${t('video.views', { count: formatCount(video.viewCount) })} • `}
                  {formatRelativeDate(video.publishedAt, now)}
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The chapters of the description (YouTube's rules, `chapters.ts`) under the player. Each is a link to the page at its
 * time (`?t=`), which a click plays from there instead of loading the page again.
 */
function Chapters({
  videoId,
  chapters,
  onPlayFrom,
}: {
  videoId: string;
  chapters: Chapter[];
  onPlayFrom: (seconds: number) => void;
}) {
  return (
    <section aria-labelledby="chapters-title" className={classes.chapters}>
      <h2 id="chapters-title" className={classes.asideTitle}>
        {t('watch.chapters')}
      </h2>
      <ol className={classes.chapterList}>
        {chapters.map((chapter) => (
          <li key={chapter.start}>
            <a
              href={watchPathAt(videoId, chapter.start)}
              className={classes.chapterLink}
              onClick={(event) => {
                event.preventDefault();
                onPlayFrom(chapter.start);
              }}
            >
              <span className={classes.chapterTime}>{formatTimestamp(chapter.start)}</span>
              <span>{chapter.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Watch({ video }: { video: VideoDetail }) {
  // `take` starts a new player (at `start`) when the one there cannot seek yet.
  const [player, setPlayer] = useState<{ start: number; take: number } | null>(null);
  const handle = useRef<PlayerHandle>(null);
  // The player's time, for the transcript alone (the page does not render again at each report).
  const [time] = useState(createPlayerTime);
  const now = useRenderTime();
  const chapters = useMemo(
    () => parseChapters(video.description, video.durationSeconds),
    [video.description, video.durationSeconds],
  );
  const play = (start: number) => {
    if (player && handle.current?.seekTo(start)) return;
    if (!player) track({ kind: 'play', videoId: video.id, where: 'watch_page' });
    setPlayer((current) => ({ start, take: (current?.take ?? 0) + 1 }));
  };
  return (
    <div className={classes.layout} data-testid="watch-page" data-video-id={video.id}>
      <article className={classes.main}>
        {/* The player's frame as the featured video's: a 16:9 box the facade or the player fills. */}
        <div className={playerClasses.media}>
          {player ? (
            <YouTubePlayer
              key={player.take}
              ref={handle}
              videoId={video.id}
              title={video.title}
              start={player.start}
              className={playerClasses.frame}
              onTime={time.set}
            />
          ) : (
            <VideoFacade
              video={video}
              sizes={IMAGE_SIZES.poster}
              eager
              // A link with ?t= (a chapter's, a key moment in search) starts there.
              onPlay={() => play(parseStartTime(new URLSearchParams(window.location.search).get('t')) ?? 0)}
            />
          )}
        </div>
        <h1 className={classes.title}>{video.title}</h1>
        <p className={classes.meta}>
          {video.viewCount !== null && (
            <>
              <span title={t('video.views', { count: formatFullCount(video.viewCount) })}>
                {t('video.views', { count: formatCount(video.viewCount) })}
              </span>
              <span aria-hidden>•</span>
            </>
          )}
          <time dateTime={video.publishedAt}>{formatPublishedDate(video.publishedAt)}</time>
          <span aria-hidden>•</span>
          <span>{formatDuration(video.duration)}</span>
        </p>
        <div className={classes.actions}>
          <ShareButton videoId={video.id} />
          <Button
            component="a"
            href={watchUrl(video.id)}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            radius="xl"
            leftSection={<IconBrandYoutubeFilled size={18} color="var(--app-primary)" aria-hidden />}
          >
            {t('watch.onYouTube')}
          </Button>
        </div>
        {chapters.length > 0 && <Chapters videoId={video.id} chapters={chapters} onPlayFrom={play} />}
        {video.description?.trim() && (
          <p className={classes.description}>
            <LinkedText text={video.description.trim()} sponsorLinks={video.sponsorLinks} />
          </p>
        )}
        {video.transcript && (
          <Transcript videoId={video.id} transcript={video.transcript} time={time} onPlayFrom={play} />
        )}
      </article>
      <aside className={classes.aside} aria-label={t('watch.more')}>
        {video.playlists.length > 0 && (
          <section aria-labelledby="in-playlists-title">
            <h2 id="in-playlists-title" className={classes.asideTitle}>
              {t('watch.inPlaylists')}
            </h2>
            <ul className={classes.playlists}>
              {video.playlists.map((playlist) => (
                <li key={playlist.id}>
                  <a href={playlistUrl(playlist.id)} target="_blank" rel="noopener noreferrer">
                    {playlist.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <RelatedVideos videos={video.related} now={now} />
      </aside>
    </div>
  );
}

function WatchSkeleton() {
  return (
    <div className={classes.layout} role="status" aria-label={t('watch.loading')}>
      <div className={classes.main}>
        <div className={`${playerClasses.media} skeleton`} />
        <div className="skeleton" style={{ height: '2rem', width: '80%', marginTop: 16 }} />
        <div className="skeleton" style={{ height: '1rem', width: '40%', marginTop: 12 }} />
      </div>
    </div>
  );
}

/**
 * A video's own page (`/videos/{id}`, issue 15): player facade, details, its transcript, its playlists and related
 * videos.
 */
export function WatchPage({ videoId }: { videoId: string }) {
  const { data, isPending, isError } = useVideoDetail(videoId);
  let content;
  if (isPending) content = <WatchSkeleton />;
  else if (isError)
    content = (
      <div className={classes.missing} role="alert">
        <Text>{t('watch.error')}</Text>
      </div>
    );
  else if (data === null)
    content = (
      <div className={classes.missing}>
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text mt="md" c="dimmed">
          {t('watch.notFound')}
        </Text>
        <Button component="a" href="/" variant="default" mt="xl">
          {t('action.backHome')}
        </Button>
      </div>
    );
  else content = <Watch video={data} />;
  return (
    <Container size="xl" className={classes.root}>
      {content}
    </Container>
  );
}
