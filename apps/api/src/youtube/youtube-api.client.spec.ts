import { YouTubeApiClient, YouTubeApiError } from './youtube-api.client';

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

function client(handler: Handler, timeoutMs?: number) {
  const calls: URL[] = [];
  const fetchImpl = (async (input: URL | string, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(url);
    return handler(url, init);
  }) as typeof fetch;
  return {
    calls,
    api: new YouTubeApiClient({
      baseUrl: 'https://yt.test/youtube/v3/',
      apiKey: 'k',
      fetch: fetchImpl,
      timeoutMs,
    }),
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('YouTubeApiClient', () => {
  it('asks for the parts the sync needs, 50 a page, with the key, and counts one unit per call', async () => {
    const { api, calls } = client((url) =>
      url.pathname.endsWith('/videos')
        ? json({ items: [] })
        : json({ items: [{ contentDetails: { videoId: 'a' } }], nextPageToken: 'T' }),
    );
    const page = await api.playlistItems('UUx', 'P1');
    expect(page).toEqual({ items: [{ contentDetails: { videoId: 'a' } }], nextPageToken: 'T' });
    expect(calls[0].pathname).toBe('/youtube/v3/playlistItems');
    expect(Object.fromEntries(calls[0].searchParams)).toEqual({
      part: 'contentDetails',
      playlistId: 'UUx',
      maxResults: '50',
      pageToken: 'P1',
      key: 'k',
    });
    await api.videos(['a', 'b']);
    expect(calls[1].searchParams.get('id')).toBe('a,b');
    expect(calls[1].searchParams.get('part')).toBe('snippet,contentDetails,statistics,liveStreamingDetails');
    expect(api.unitsUsed).toBe(2);
  });

  it('looks a handle up with forHandle and answers null when YouTube has no such channel', async () => {
    const { api, calls } = client(() => json({ kind: 'youtube#channelListResponse', pageInfo: {} }));
    expect(await api.channel({ handle: '@someone' })).toBeNull();
    expect(calls[0].searchParams.get('forHandle')).toBe('@someone');
    expect(calls[0].searchParams.get('part')).toBe('snippet,contentDetails,statistics,brandingSettings');
  });

  it('turns string counts into numbers', async () => {
    const { api } = client(() =>
      json({
        items: [
          {
            id: 'v',
            snippet: { publishedAt: '2025-01-01T00:00:00Z', title: 't', liveBroadcastContent: 'none' },
            statistics: { viewCount: '12345678901' },
          },
        ],
      }),
    );
    expect((await api.videos(['v']))[0].statistics?.viewCount).toBe(12_345_678_901);
  });

  it('carries YouTube’s status, reason and message (without HTML) in its errors', async () => {
    const { api } = client(() =>
      json(
        {
          error: {
            code: 403,
            message: 'You have exceeded your <a href="/q">quota</a>.',
            errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }],
          },
        },
        403,
      ),
    );
    const error = await api.videos(['a']).catch((e: YouTubeApiError) => e);
    expect(error).toBeInstanceOf(YouTubeApiError);
    expect(error).toMatchObject({
      method: 'videos',
      status: 403,
      reason: 'quotaExceeded',
      message: 'You have exceeded your quota.',
      isQuotaExceeded: true,
    });
    expect(api.unitsUsed).toBe(1);
  });

  it('names network failures, timeouts and answers that do not fit', async () => {
    await expect(
      client(() => Promise.reject(new TypeError('fetch failed'))).api.videos(['a']),
    ).rejects.toMatchObject({
      status: 0,
      reason: 'network',
    });
    const slow = client(
      (_, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
      50,
    );
    await expect(slow.api.videos(['a'])).rejects.toMatchObject({
      reason: 'timeout',
      message: 'videos.list did not answer within 50 ms',
    });
    await expect(client(() => json({ items: [{ id: 1 }] })).api.videos(['a'])).rejects.toMatchObject({
      reason: 'invalidResponse',
    });
    await expect(
      client(() => new Response('<html>', { status: 502 })).api.videos(['a']),
    ).rejects.toMatchObject({
      status: 502,
      reason: 'http502',
    });
  });

  it('never asks videos.list for more than 50 ids', async () => {
    const { api } = client(() => json({ items: [] }));
    await expect(api.videos(Array.from({ length: 51 }, (_, i) => `v${i}`))).rejects.toThrow(RangeError);
  });
});
