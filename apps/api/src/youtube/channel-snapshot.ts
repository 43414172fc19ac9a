import { YOUTUBE_PAGE_SIZE } from '@app/contracts';
import pLimit from 'p-limit';
import { type ChannelRef, type YouTubeApiClient, YouTubeApiError } from './youtube-api.client';
import type { YtChannel, YtPlaylist, YtVideo } from './youtube-api.types';

/** Everything one sync reads from YouTube, fetched before anything is written. */
export interface ChannelSnapshot<Kept = YtVideo> {
  channel: YtChannel;
  /** The channel's public uploads (videos, Shorts, streams), each once, as `keep` made them. */
  videos: Kept[];
  /** The channel's public playlists in YouTube's order. */
  playlists: YtPlaylist[];
  /** The video ids each playlist holds, in its order (issue 15: a watch page lists them). */
  playlistItems: { playlistId: string; videoIds: string[] }[];
}

export class ChannelNotFoundError extends Error {
  constructor(readonly ref: ChannelRef) {
    super(`YouTube has no channel ${'id' in ref ? ref.id : ref.handle}`);
  }
}

/** How many `videos.list` calls may be in flight while the uploads are paged. */
export const VIDEO_BATCH_CONCURRENCY = 4;

/**
 * Reads the channel at the quota cost of docs/youtube-sync.md, 'Calls and quota': `channels.list` (1), the uploads playlist 50 ids a page
 * (1 each), `videos.list` for each page's 50 ids (1 each) and the playlists 50 a page (1 each):
 * 1 + 2·⌈V/50⌉ + ⌈P/50⌉ units, plus each playlist's items, 50 ids a page (⌈n/50⌉ each, none for
 * an empty playlist): `fullSyncUnits` in contracts. The uploads pages are sequential (each needs the previous
 * page's token); each page's `videos.list`, the playlist pages and then their items run alongside them. The
 * first failure cancels the rest.
 *
 * `keep` makes each page of `videos.list` what the sync keeps of it as soon as it arrives, so YouTube's answers
 * (descriptions, thumbnails, localizations) are not all held until the last page.
 */
export async function fetchChannelSnapshot<Kept = YtVideo>(
  client: YouTubeApiClient,
  ref: ChannelRef,
  keep: (page: YtVideo[]) => Kept[] = (page) => page as Kept[],
): Promise<ChannelSnapshot<Kept>> {
  const abort = new AbortController();
  const { signal } = abort;
  // The failure to report is the first one, not the cancellations it causes in the other calls.
  let firstError: unknown;
  const cancelOnError = <T>(work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      if (!signal.aborted) {
        firstError = error;
        abort.abort();
      }
      throw firstError;
    });

  const channel = await client.channel(ref, signal);
  if (!channel) throw new ChannelNotFoundError(ref);
  const uploadsId = channel.contentDetails.relatedPlaylists.uploads;

  const batches: Promise<Kept[]>[] = [];
  const limit = pLimit(VIDEO_BATCH_CONCURRENCY);
  const uploads = cancelOnError(
    (async () => {
      if (!uploadsId) return;
      const seen = new Set<string>();
      let pageToken: string | undefined;
      do {
        let page;
        try {
          page = await client.playlistItems(uploadsId, pageToken, signal);
        } catch (error) {
          // A channel that never uploaded has no uploads playlist at all.
          if (!pageToken && error instanceof YouTubeApiError && error.reason === 'playlistNotFound') return;
          throw error;
        }
        const ids = page.items.map((item) => item.contentDetails.videoId).filter((id) => !seen.has(id));
        ids.forEach((id) => seen.add(id));
        for (let i = 0; i < ids.length; i += YOUTUBE_PAGE_SIZE) {
          const chunk = ids.slice(i, i + YOUTUBE_PAGE_SIZE);
          const batch = cancelOnError(
            limit(() => {
              signal.throwIfAborted();
              return client.videos(chunk, signal).then(keep);
            }),
          );
          batch.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
          batches.push(batch);
        }
        pageToken = page.nextPageToken;
      } while (pageToken && !signal.aborted);
    })(),
  );
  const playlists = cancelOnError(
    (async () => {
      const all: YtPlaylist[] = [];
      let pageToken: string | undefined;
      do {
        const page = await client.playlists(channel.id, pageToken, signal);
        all.push(...page.items);
        pageToken = page.nextPageToken;
      } while (pageToken && !signal.aborted);
      return all;
    })(),
  );

  const playlistVideoIds = async (playlistId: string): Promise<string[]> => {
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      signal.throwIfAborted();
      let page;
      try {
        page = await client.playlistItems(playlistId, pageToken, signal);
      } catch (error) {
        // Deleted or made private since playlists.list answered: it holds nothing we can show.
        if (error instanceof YouTubeApiError && error.reason === 'playlistNotFound') return ids;
        throw error;
      }
      ids.push(...page.items.map((item) => item.contentDetails.videoId));
      pageToken = page.nextPageToken;
    } while (pageToken && !signal.aborted);
    return ids;
  };

  const itemsLimit = pLimit(VIDEO_BATCH_CONCURRENCY);
  const held = cancelOnError(
    (async () => {
      const lists = dedupe(await playlists);
      return Promise.all(
        lists
          .filter((playlist) => (playlist.contentDetails?.itemCount ?? 1) > 0)
          .map((playlist) =>
            itemsLimit(async () => ({
              playlistId: playlist.id,
              videoIds: await playlistVideoIds(playlist.id),
            })),
          ),
      );
    })(),
  );
  const [, playlistList, playlistItems] = await Promise.all([uploads, playlists, held]);
  const videos = (await Promise.all(batches)).flat();
  return { channel, videos, playlists: dedupe(playlistList), playlistItems };
}

function dedupe<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}
