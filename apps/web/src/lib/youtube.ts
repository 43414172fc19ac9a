import { siteName } from '@app/contracts/page-head';
import {
  channelSearchUrl,
  channelUrl,
  embedUrl,
  playlistUrl,
  VIDEO_ID_SOURCE,
  YOUTUBE_EMBED_ORIGIN,
} from '@app/contracts/youtube';

/** Links to the video platform the public page builds; the shared ones are in contracts. */

/**
 * The player, loaded only on a click: autoplay on, related videos off, modest branding, JS API on; `start` (seconds)
 * opens it at a chapter or a `?t=`.
 */
export function playerUrl(videoId: string, start = 0): string {
  const at = start > 0 ? `&start=${Math.floor(start)}` : '';
  return `${embedUrl(videoId)}?autoplay=1&rel=0&modestbranding=1&enablejsapi=1${at}`;
}

export { playlistUrl };

/**
 * The subscribe link: the channel with the subscription-confirmation parameter. Without a
 * channel id (not set up yet) it searches the platform's channels for the site's name, the
 * closest thing to the channel a visitor can be sent to.
 */
export function subscribeUrl(channelId: string, siteTitle: string): string {
  if (channelId) return `${channelUrl(channelId)}?sub_confirmation=1`;
  return channelSearchUrl(siteName(siteTitle));
}

/** The id in a YouTube watch/short/embed/youtu.be URL, or null. */
export function youtubeVideoId(url: string): string | null {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^www\.|^m\./, '');
    if (host === 'youtu.be') return parsed.pathname.slice(1) || null;
    if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
      if (parsed.searchParams.get('v')) return parsed.searchParams.get('v');
      const match = new RegExp(`^/(?:embed|shorts|live)/(${VIDEO_ID_SOURCE})`).exec(parsed.pathname);
      return match ? match[1] : null;
    }
  } catch {
    // Not a URL.
  }
  return null;
}

/**
 * Sends a command to a player embedded with `enablejsapi=1` (YouTube's iframe postMessage API, without its
 * script): `seekTo` takes the second and `true` (allow loading what is not buffered yet).
 */
export function sendPlayerCommand(
  iframe: HTMLIFrameElement | null,
  func: 'playVideo' | 'pauseVideo' | 'seekTo',
  args: unknown[] = [],
): void {
  iframe?.contentWindow?.postMessage(JSON.stringify({ event: 'command', func, args }), YOUTUBE_EMBED_ORIGIN);
}
