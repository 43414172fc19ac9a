import { ChannelNotFoundError, fetchChannelSnapshot } from './channel-snapshot';
import { type YouTubeApiClient, YouTubeApiError } from './youtube-api.client';
import type { YtChannel, YtVideo } from './youtube-api.types';

const channel: YtChannel = {
  id: 'UCchannel',
  snippet: { title: 'C', description: '' },
  contentDetails: { relatedPlaylists: { uploads: 'UUchannel' } },
  statistics: { viewCount: 0, videoCount: 0 },
};

const video = (id: string): YtVideo => ({
  id,
  snippet: { publishedAt: '2025-01-01T00:00:00Z', title: id, description: '', liveBroadcastContent: 'none' },
});

/** A page of 50 of `ids` from `token`, as playlistItems.list answers. */
function itemsPage(ids: string[], token?: string) {
  const offset = token ? Number(token) : 0;
  const next = offset + 50 < ids.length ? String(offset + 50) : undefined;
  return {
    items: ids.slice(offset, offset + 50).map((videoId) => ({ contentDetails: { videoId } })),
    nextPageToken: next,
  };
}

/**
 * A stub client: `ids` uploads in pages of 50, `playlists` pages of one playlist each (`PL1`, `PL2`, …)
 * holding `held[id]` (none by default), `missingPlaylist` gone by the time its items are asked for.
 */
function stub(
  ids: string[],
  options: {
    playlistPages?: number;
    failVideosCall?: number;
    uploads404?: boolean;
    held?: Record<string, string[]>;
    missingPlaylist?: string;
  } = {},
) {
  let videoCalls = 0;
  const api = {
    channel: jest.fn(async () => channel),
    playlistItems: jest.fn(async (id: string, token?: string) => {
      if (id !== 'UUchannel') {
        if (id === options.missingPlaylist) {
          throw new YouTubeApiError('playlistItems', 404, 'playlistNotFound', 'gone');
        }
        return itemsPage(options.held?.[id] ?? [], token);
      }
      if (options.uploads404)
        throw new YouTubeApiError('playlistItems', 404, 'playlistNotFound', 'not found');
      return itemsPage(ids, token);
    }),
    videos: jest.fn(async (chunk: string[], signal?: AbortSignal) => {
      const call = ++videoCalls;
      await new Promise((r) => setTimeout(r, 5));
      if (call === options.failVideosCall) throw new YouTubeApiError('videos', 500, 'backendError', 'first');
      if (signal?.aborted) throw new YouTubeApiError('videos', 0, 'network', 'aborted');
      return chunk.map(video);
    }),
    playlists: jest.fn(async (_channel: string, token?: string) => {
      const page = token ? Number(token) : 1;
      const id = `PL${page}`;
      return {
        items: [
          {
            id,
            snippet: { title: `P${page}` },
            contentDetails: { itemCount: options.held?.[id]?.length ?? 0 },
          },
        ],
        nextPageToken: page < (options.playlistPages ?? 1) ? String(page + 1) : undefined,
      };
    }),
  };
  return api as typeof api & YouTubeApiClient;
}

describe('fetchChannelSnapshot', () => {
  it('reads every upload once, 50 ids per videos.list, and every playlist page', async () => {
    const ids = Array.from({ length: 120 }, (_, i) => `v${i}`);
    const api = stub([...ids, 'v3'], { playlistPages: 3 });
    const snapshot = await fetchChannelSnapshot(api, { id: 'UCchannel' });
    expect(snapshot.videos.map((v) => v.id)).toEqual(ids);
    expect(api.playlistItems).toHaveBeenCalledTimes(3);
    expect(api.videos).toHaveBeenCalledTimes(3);
    expect(api.videos.mock.calls.map(([chunk]) => chunk.length)).toEqual([50, 50, 20]);
    expect(snapshot.playlists.map((p) => p.id)).toEqual(['PL1', 'PL2', 'PL3']);
  });

  it('keeps what `keep` makes of each videos.list page as it arrives, not the pages', async () => {
    const ids = Array.from({ length: 120 }, (_, i) => `v${i}`);
    const pages: number[] = [];
    const snapshot = await fetchChannelSnapshot(stub(ids), { id: 'UCchannel' }, (page) => {
      pages.push(page.length);
      return page.map((video) => video.id.toUpperCase());
    });
    expect(pages).toEqual([50, 50, 20]);
    expect(snapshot.videos).toEqual(ids.map((id) => id.toUpperCase()));
  });

  it("reads each playlist's items 50 a page, skips the empty ones and takes a vanished one as empty", async () => {
    const ids = Array.from({ length: 120 }, (_, i) => `v${i}`);
    const api = stub(ids, {
      playlistPages: 4,
      held: { PL1: ids, PL2: [], PL3: ['v7', 'v3'], PL4: ['v1'] },
      missingPlaylist: 'PL4',
    });
    const snapshot = await fetchChannelSnapshot(api, { id: 'UCchannel' });
    expect(snapshot.playlistItems).toEqual([
      { playlistId: 'PL1', videoIds: ids },
      { playlistId: 'PL3', videoIds: ['v7', 'v3'] },
      { playlistId: 'PL4', videoIds: [] },
    ]);
    const calls = api.playlistItems.mock.calls.map(([id]) => id);
    // Uploads 3 pages, PL1 3 pages, PL3 1, PL4 1 (it failed); PL2 (0 items) never asked.
    expect(calls.filter((id) => id === 'UUchannel')).toHaveLength(3);
    expect(calls.filter((id) => id !== 'UUchannel').sort()).toEqual(['PL1', 'PL1', 'PL1', 'PL3', 'PL4']);
  });

  it('reports the first failure, not the cancellations it causes', async () => {
    const api = stub(
      Array.from({ length: 400 }, (_, i) => `v${i}`),
      { failVideosCall: 2 },
    );
    await expect(fetchChannelSnapshot(api, { id: 'UCchannel' })).rejects.toMatchObject({
      reason: 'backendError',
      message: 'first',
    });
  });

  it('treats a missing uploads playlist as no uploads, and a missing channel as an error', async () => {
    const empty = await fetchChannelSnapshot(stub([], { uploads404: true }), { id: 'UCchannel' });
    expect(empty.videos).toEqual([]);
    const none = stub([]);
    none.channel.mockResolvedValueOnce(null as unknown as YtChannel);
    await expect(fetchChannelSnapshot(none, { handle: '@nobody' })).rejects.toThrow(ChannelNotFoundError);
  });
});
