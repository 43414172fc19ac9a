import { UNKNOWN_DURATION } from '@app/contracts';
import type { YtChannel, YtVideo } from './youtube-api.types';
import { pickThumbnail, toChannelRow, toPlaylistRow, toVideoRow, videoKind } from './youtube.mapper';

function video(patch: {
  duration?: string;
  title?: string;
  description?: string;
  tags?: readonly string[];
  live?: string;
  views?: number;
  stream?: YtVideo['liveStreamingDetails'];
}): YtVideo {
  return {
    id: 'abcdefghijk',
    snippet: {
      publishedAt: '2025-01-02T03:04:05Z',
      title: patch.title ?? 'A video',
      description: patch.description ?? '',
      tags: patch.tags ? [...patch.tags] : undefined,
      liveBroadcastContent: patch.live ?? 'none',
      thumbnails: {
        default: { url: 'https://i.ytimg.com/vi/abcdefghijk/default.jpg' },
        high: { url: 'https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg' },
      },
    },
    contentDetails: { duration: patch.duration ?? 'PT4M5S' },
    statistics: { viewCount: patch.views ?? 7 },
    liveStreamingDetails: patch.stream,
  };
}

describe('YouTube → rows', () => {
  it('maps a video: duration text and seconds, views, date, thumbnail, empty description as null', () => {
    expect(toVideoRow(video({ duration: 'PT1H2M3S', views: 1234 }))).toEqual({
      id: 'abcdefghijk',
      title: 'A video',
      description: null,
      thumbnail: 'https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg',
      duration: '1:02:03',
      durationSeconds: 3723,
      viewCount: 1234,
      publishedAt: new Date('2025-01-02T03:04:05Z'),
      kind: 'video',
    });
  });

  it.each([
    ['PT45S', {}, 'short'],
    ['PT60S', {}, 'short'],
    ['PT61S', {}, 'video'],
    ['PT2M', { title: 'Quick tip #shorts' }, 'short'],
    ['PT2M', { description: 'more #Shorts here' }, 'short'],
    ['PT2M', { tags: ['#shorts'] }, 'short'],
    ['PT3M', { title: '#shorts' }, 'short'],
    ['PT3M1S', { title: '#shorts' }, 'video'],
    ['PT2M', { title: '#shortsale' }, 'video'],
    ['P0D', { live: 'live' }, 'live'],
    ['P0D', { live: 'upcoming' }, 'upcoming'],
    ['P0D', {}, 'video'],
    // An ended stream (and an aired premiere): liveStreamingDetails with an actualEndTime.
    [
      'PT1H2M3S',
      { stream: { actualStartTime: '2025-01-02T03:04:05Z', actualEndTime: '2025-01-02T04:06:08Z' } },
      'replay',
    ],
    ['PT45S', { stream: { actualEndTime: '2025-01-02T03:04:50Z' } }, 'replay'],
    ['P0D', { live: 'live', stream: { actualStartTime: '2025-01-02T03:04:05Z' } }, 'live'],
    ['PT4M', { stream: { scheduledStartTime: '2025-01-02T03:04:05Z' } }, 'video'],
  ] as const)('%s %j is a %s', (duration, patch, kind) => {
    const v = video({ duration, ...patch });
    expect(videoKind(v, toVideoRow(v).durationSeconds)).toBe(kind);
  });

  it('shows streams without a duration as LIVE and UPCOMING', () => {
    expect(toVideoRow(video({ duration: 'P0D', live: 'live' }))).toMatchObject({
      duration: 'LIVE',
      durationSeconds: 0,
    });
    expect(toVideoRow(video({ duration: 'P0D', live: 'upcoming' }))).toMatchObject({
      duration: 'UPCOMING',
      kind: 'upcoming',
    });
  });

  it('gives an upload YouTube still processes (P0D, no live status) an unknown length, not 0:00', () => {
    expect(toVideoRow(video({ duration: 'P0D' }))).toMatchObject({
      duration: UNKNOWN_DURATION,
      durationSeconds: 0,
      kind: 'video',
    });
  });

  it('prefers the 480×360 thumbnail, then whatever exists', () => {
    expect(pickThumbnail(undefined)).toBeNull();
    const m = 'https://i.ytimg.com/vi/x/maxresdefault.jpg';
    const d = 'https://i.ytimg.com/vi/x/default.jpg';
    expect(pickThumbnail({ maxres: { url: m }, default: { url: d } })).toBe(m);
    expect(pickThumbnail({ default: { url: d } })).toBe(d);
  });

  it('takes only an http(s) thumbnail URL, whatever the API answers (issue 25)', () => {
    const d = 'https://i.ytimg.com/vi/x/default.jpg';
    expect(pickThumbnail({ high: { url: 'javascript:alert(1)' }, default: { url: d } })).toBe(d);
    expect(pickThumbnail({ high: { url: 'data:text/html,x' } })).toBeNull();
    expect(pickThumbnail({ high: { url: `https://i.ytimg.com/${'a'.repeat(2048)}` } })).toBeNull();
  });

  it('maps a playlist with its position and a channel with its statistics', () => {
    expect(
      toPlaylistRow({ id: 'PL1', snippet: { title: 'Series' }, contentDetails: { itemCount: 3 } }, 4),
    ).toEqual({ id: 'PL1', title: 'Series', thumbnail: null, videoCount: 3, position: 4 });
    const channel: YtChannel = {
      id: 'UCabcdefghijklmnopqrstuv',
      snippet: { title: 'Chan', description: '', customUrl: '@chan' },
      contentDetails: { relatedPlaylists: { uploads: 'UUabcdefghijklmnopqrstuv' } },
      statistics: { viewCount: 10, videoCount: 2, hiddenSubscriberCount: true },
    };
    expect(toChannelRow(channel)).toEqual({
      youtubeChannelId: 'UCabcdefghijklmnopqrstuv',
      title: 'Chan',
      handle: '@chan',
      description: null,
      thumbnail: null,
      // No brandingSettings, or no bannerExternalUrl in them: the channel has no banner.
      banner: null,
      uploadsPlaylistId: 'UUabcdefghijklmnopqrstuv',
      // Unknown is not 0 (issue 27): a hidden subscriber count stays null.
      subscriberCount: null,
      videoCount: 2,
      viewCount: 10,
      isDemo: false,
    });
    const shown = { ...channel, statistics: { viewCount: 10, videoCount: 2, subscriberCount: 5 } };
    expect(toChannelRow(shown).subscriberCount).toBe(5);
    const banner = 'https://yt3.googleusercontent.com/abc';
    expect(
      toChannelRow({ ...channel, brandingSettings: { image: { bannerExternalUrl: banner } } }).banner,
    ).toBe(banner);
    expect(toChannelRow({ ...channel, brandingSettings: { image: {} } }).banner).toBeNull();
    expect(
      toChannelRow({ ...channel, brandingSettings: { image: { bannerExternalUrl: 'javascript:x' } } }).banner,
    ).toBeNull();
    expect(
      toChannelRow({ ...channel, statistics: { viewCount: 0, videoCount: 0 } }).subscriberCount,
    ).toBeNull();
  });

  it('keeps a view count YouTube withholds unknown (null), and a real 0 as 0 (issue 27)', () => {
    expect(toVideoRow({ ...video({}), statistics: undefined }).viewCount).toBeNull();
    expect(toVideoRow({ ...video({}), statistics: {} }).viewCount).toBeNull();
    expect(toVideoRow(video({ views: 0 })).viewCount).toBe(0);
  });

  it('cuts an over-long title between graphemes, never inside an emoji (issue 27)', () => {
    const title = `${'a'.repeat(254)}😀 more`;
    expect(toVideoRow(video({ title })).title).toBe('a'.repeat(254));
  });
});
