import { YOUTUBE_EMBED_ORIGIN } from '@app/contracts/youtube';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { type PlayerInfo, recordProgress } from '../../../lib/play-progress';
import { playerUrl, sendPlayerCommand } from '../../../lib/youtube';

export interface PlayerHandle {
  play(): void;
  pause(): void;
  /** Jumps to a second and plays; false while the player has not loaded yet (it would not hear it). */
  seekTo(seconds: number): boolean;
}

interface YouTubePlayerProps {
  videoId: string;
  title: string;
  className?: string;
  /** Seconds to open the video at (a chapter, a `?t=`). */
  start?: number;
  /** Called with true/false when the player reports playing/paused (YouTube's state events). */
  onPlayingChange?: (playing: boolean) => void;
  /** Called with the video's time (seconds) each time the player reports it (`infoDelivery.currentTime`). */
  onTime?: (seconds: number) => void;
}

/** A message of the player as `{ event, info }`, or undefined for anything else. */
function playerMessage(data: unknown): { event?: string; info?: unknown } | undefined {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  return message && typeof message === 'object' ? (message as { event?: string; info?: unknown }) : undefined;
}

/** YouTube player states: 1 playing, 2 paused, 0 ended. */
function playingFromState(state: unknown): boolean | undefined {
  if (state === 1) return true;
  if (state === 2 || state === 0) return false;
  return undefined;
}

/**
 * The embedded player, created only after a click (the facade stands in before). It autoplays; `play()`,
 * `pause()` and `seekTo()` go to it over the iframe postMessage API (`enablejsapi=1`, without YouTube's script),
 * and its `infoDelivery` reports give the play's progress to the site's analytics and its time to `onTime`.
 */
export const YouTubePlayer = forwardRef<PlayerHandle, YouTubePlayerProps>(function YouTubePlayer(
  { videoId, title, className, start = 0, onPlayingChange, onTime },
  ref,
) {
  const frame = useRef<HTMLIFrameElement>(null);
  const loaded = useRef(false);
  const onChange = useRef(onPlayingChange);
  onChange.current = onPlayingChange;
  const onTimeRef = useRef(onTime);
  onTimeRef.current = onTime;
  // The points of the video this play reached (each counted once per play).
  const reached = useRef(new Set<number>());
  const info = useRef<PlayerInfo>({});

  useImperativeHandle(ref, () => ({
    play: () => sendPlayerCommand(frame.current, 'playVideo'),
    pause: () => sendPlayerCommand(frame.current, 'pauseVideo'),
    seekTo: (seconds: number) => {
      if (!loaded.current) return false;
      sendPlayerCommand(frame.current, 'seekTo', [seconds, true]);
      sendPlayerCommand(frame.current, 'playVideo');
      return true;
    },
  }));

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== YOUTUBE_EMBED_ORIGIN || event.source !== frame.current?.contentWindow) return;
      const message = playerMessage(event.data);
      if (!message) return;
      let state: unknown;
      if (message.event === 'onStateChange') state = message.info;
      else if (message.event === 'infoDelivery' && message.info && typeof message.info === 'object') {
        // Each report holds only what changed: keep the last of each.
        const report = message.info as PlayerInfo;
        info.current = { ...info.current, ...report };
        state = report.playerState;
        recordProgress(videoId, info.current, reached.current);
        if (typeof report.currentTime === 'number' && Number.isFinite(report.currentTime))
          onTimeRef.current?.(report.currentTime);
      }
      if (state === 0) recordProgress(videoId, { ...info.current, playerState: 0 }, reached.current);
      const playing = playingFromState(state);
      if (playing !== undefined) onChange.current?.(playing);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [videoId]);

  return (
    <iframe
      ref={frame}
      className={className}
      src={playerUrl(videoId, start)}
      title={`${title} (video player)`}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
      onLoad={() => {
        loaded.current = true;
        // Ask the player to report its state changes and progress.
        frame.current?.contentWindow?.postMessage(
          JSON.stringify({ event: 'listening', id: videoId, channel: 'widget' }),
          YOUTUBE_EMBED_ORIGIN,
        );
      }}
    />
  );
});
