import type { VideoDetail } from '@app/contracts';
import { watchPath } from '@app/contracts/watch';
import { watchUrl } from '@app/contracts/youtube';
import { Button, Container, Text, Title } from '@mantine/core';
import { IconBrandYoutubeFilled, IconCheck, IconShare3 } from '@tabler/icons-react';
import { useState } from 'react';
import { VideoThumbnail } from '../../../components/video-thumbnail';
import { formatCount, formatFullCount, formatRelativeDate } from '../../../lib/format';
import { track } from '../../../lib/site-analytics';
import { playlistUrl } from '../../../lib/youtube';
import { VideoFacade } from './video-card';
import { YouTubePlayer } from './youtube-player';
import { useVideoDetail } from '../api/get-video-detail';
import { LinkedText } from './linked-text';
import player from './featured-video.module.css';
import classes from './watch-page.module.css';

export const VIDEO_NOT_FOUND_TEXT = 'This video is not on the site.';

/** The published day as a calendar date in UTC, the same on the server and in every browser. */
function publishedDay(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}

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
      window.prompt('Copy the link to this video', url);
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
      {copied ? 'Link copied' : 'Share'}
    </Button>
  );
}

function RelatedVideos({ videos, now }: { videos: VideoDetail['related']; now: number }) {
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="related-title">
      <h2 id="related-title" className={classes.asideTitle}>
        Related videos
      </h2>
      <ul className={classes.related}>
        {videos.map((video) => (
          <li key={video.id}>
            <a href={watchPath(video.id)} className={classes.relatedLink}>
              <VideoThumbnail
                src={video.thumbnail}
                alt=""
                className={classes.relatedThumb}
                loading="lazy"
                decoding="async"
                width={320}
                height={180}
              />
              <span>
                <span className={classes.relatedTitle}>{video.title}</span>
                <span className={classes.relatedMeta}>
                  {formatCount(video.viewCount)} views • {formatRelativeDate(video.publishedAt, now)}
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Watch({ video }: { video: VideoDetail }) {
  const [playing, setPlaying] = useState(false);
  const [now] = useState(Date.now);
  return (
    <div className={classes.layout} data-testid="watch-page" data-video-id={video.id}>
      <article className={classes.main}>
        {/* The player's frame as the featured video's: a 16:9 box the facade or the player fills. */}
        <div className={player.media}>
          {playing ? (
            <YouTubePlayer videoId={video.id} title={video.title} className={player.frame} />
          ) : (
            <VideoFacade
              video={video}
              eager
              onPlay={() => {
                track({ kind: 'play', videoId: video.id, where: 'watch_page' });
                setPlaying(true);
              }}
            />
          )}
        </div>
        <h1 className={classes.title}>{video.title}</h1>
        <p className={classes.meta}>
          <span title={`${formatFullCount(video.viewCount)} views`}>
            {formatCount(video.viewCount)} views
          </span>
          <span aria-hidden>•</span>
          <time dateTime={video.publishedAt}>{publishedDay(video.publishedAt)}</time>
          <span aria-hidden>•</span>
          <span>{video.duration}</span>
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
            Watch on YouTube
          </Button>
        </div>
        {video.description?.trim() && (
          <p className={classes.description}>
            <LinkedText text={video.description.trim()} />
          </p>
        )}
      </article>
      <aside className={classes.aside} aria-label="More videos">
        {video.playlists.length > 0 && (
          <section aria-labelledby="in-playlists-title">
            <h2 id="in-playlists-title" className={classes.asideTitle}>
              In playlists
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
    <div className={classes.layout} role="status" aria-label="Loading video">
      <div className={classes.main}>
        <div className={`${player.media} skeleton`} />
        <div className="skeleton" style={{ height: '2rem', width: '80%', marginTop: 16 }} />
        <div className="skeleton" style={{ height: '1rem', width: '40%', marginTop: 12 }} />
      </div>
    </div>
  );
}

/** A video's own page (`/videos/{id}`, issue 15): player facade, details, its playlists and related videos. */
export function WatchPage({ videoId }: { videoId: string }) {
  const { data, isPending, isError } = useVideoDetail(videoId);
  let content;
  if (isPending) content = <WatchSkeleton />;
  else if (isError)
    content = (
      <div className={classes.missing} role="alert">
        <Text>The video could not be loaded. Please try again later.</Text>
      </div>
    );
  else if (data === null)
    content = (
      <div className={classes.missing}>
        <Title order={1} size="h2">
          404 Page Not Found
        </Title>
        <Text mt="md" c="dimmed">
          {VIDEO_NOT_FOUND_TEXT}
        </Text>
        <Button component="a" href="/" variant="default" mt="xl">
          Back to the home page
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
