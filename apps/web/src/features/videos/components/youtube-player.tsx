import { YOUTUBE_EMBED_ORIGIN } from '@app/contracts/youtube';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { playerUrl, sendPlayerCommand } from '../../../lib/youtube';

export interface PlayerHandle {
  play(): void;
  pause(): void;
}

interface YouTubePlayerProps {
  videoId: string;
  title: string;
  className?: string;
  /** Called with true/false when the player reports playing/paused (YouTube's state events). */
  onPlayingChange?: (playing: boolean) => void;
}

/** YouTube player states: 1 playing, 2 paused, 0 ended. */
function playingFromMessage(data: unknown): boolean | undefined {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  if (!message || typeof message !== 'object') return undefined;
  const { event, info } = message as { event?: string; info?: unknown };
  const state =
    event === 'onStateChange' && typeof info === 'number'
      ? info
      : event === 'infoDelivery' && info && typeof info === 'object'
        ? (info as { playerState?: number }).playerState
        : undefined;
  if (state === 1) return true;
  if (state === 2 || state === 0) return false;
  return undefined;
}

/**
 * The embedded player, created only after a click (the facade stands in before). It autoplays;
 * `play()`/`pause()` go to it over the iframe postMessage API (`enablejsapi=1`).
 */
export const YouTubePlayer = forwardRef<PlayerHandle, YouTubePlayerProps>(function YouTubePlayer(
  { videoId, title, className, onPlayingChange },
  ref,
) {
  const frame = useRef<HTMLIFrameElement>(null);
  const onChange = useRef(onPlayingChange);
  onChange.current = onPlayingChange;

  useImperativeHandle(ref, () => ({
    play: () => sendPlayerCommand(frame.current, 'playVideo'),
    pause: () => sendPlayerCommand(frame.current, 'pauseVideo'),
  }));

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== YOUTUBE_EMBED_ORIGIN || event.source !== frame.current?.contentWindow) return;
      const playing = playingFromMessage(event.data);
      if (playing !== undefined) onChange.current?.(playing);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  return (
    <iframe
      ref={frame}
      className={className}
      src={playerUrl(videoId)}
      title={`${title} (video player)`}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
      onLoad={() =>
        // Ask the player to report its state changes.
        frame.current?.contentWindow?.postMessage(
          JSON.stringify({ event: 'listening', id: videoId, channel: 'widget' }),
          YOUTUBE_EMBED_ORIGIN,
        )
      }
    />
  );
});
