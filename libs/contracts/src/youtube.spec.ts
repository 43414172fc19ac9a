import { isApiPath } from './api-paths';
import { DEFAULT_SITE_TITLE, siteName } from './page-head';
import { seededRandom } from './random';
import {
  CHANNEL_HANDLE_PATTERN,
  CHANNEL_ID_PATTERN,
  embedUrl,
  fullSyncUnits,
  LIVE_CHECK_UNITS,
  liveCheckUnitsPerDay,
  parseChannelInput,
  thumbnailFallbacks,
  thumbnailUrl,
  watchUrl,
  youTubeThumbnailSize,
} from './youtube';

describe('YouTube rules', () => {
  it('links the watch page, the privacy-enhanced player and the thumbnails', () => {
    expect(watchUrl('abc')).toBe('https://www.youtube.com/watch?v=abc');
    expect(embedUrl('abc')).toBe('https://www.youtube-nocookie.com/embed/abc');
    expect(thumbnailUrl('abc')).toBe('https://i.ytimg.com/vi/abc/hqdefault.jpg');
    expect(thumbnailUrl('abc', 'mqdefault')).toBe('https://i.ytimg.com/vi/abc/mqdefault.jpg');
    expect(watchUrl('a&b')).toBe('https://www.youtube.com/watch?v=a%26b');
  });

  it('steps a YouTube thumbnail down maxres → sd → hq → mq; any other image has nothing to step to', () => {
    expect(thumbnailFallbacks(thumbnailUrl('a-b_c', 'maxresdefault'))).toEqual([
      'https://i.ytimg.com/vi/a-b_c/maxresdefault.jpg',
      'https://i.ytimg.com/vi/a-b_c/sddefault.jpg',
      'https://i.ytimg.com/vi/a-b_c/hqdefault.jpg',
      'https://i.ytimg.com/vi/a-b_c/mqdefault.jpg',
    ]);
    expect(thumbnailFallbacks(thumbnailUrl('abc'))).toEqual([
      'https://i.ytimg.com/vi/abc/hqdefault.jpg',
      'https://i.ytimg.com/vi/abc/mqdefault.jpg',
    ]);
    expect(thumbnailFallbacks(thumbnailUrl('abc', 'mqdefault'))).toEqual([thumbnailUrl('abc', 'mqdefault')]);
    expect(thumbnailFallbacks(thumbnailUrl('abc', 'default'))).toEqual([thumbnailUrl('abc', 'default')]);
    for (const own of ['/api/demo/thumbnails/v1.svg', 'https://cdn.example/vi/abc/maxresdefault.jpg'])
      expect(thumbnailFallbacks(own)).toEqual([own]);
    expect(youTubeThumbnailSize(thumbnailUrl('abc', 'sddefault'))).toBe('sddefault');
    expect(youTubeThumbnailSize(thumbnailUrl('abc', 'default'))).toBe('default');
    expect(youTubeThumbnailSize('https://i.ytimg.com/vi/abc/other.jpg')).toBeUndefined();
    expect(youTubeThumbnailSize('/api/demo/thumbnails/v1.svg')).toBeUndefined();
  });

  it('knows a channel id and a handle', () => {
    expect(CHANNEL_ID_PATTERN.test('UC_x5XG1OV2P6uZZ5FSM9Ttw')).toBe(true);
    expect(CHANNEL_ID_PATTERN.test('UC_x5XG1OV2P6uZZ5FSM9Tt')).toBe(false);
    expect(CHANNEL_HANDLE_PATTERN.test('@GoogleDevelopers')).toBe(true);
    expect(CHANNEL_HANDLE_PATTERN.test('@ab')).toBe(false);
  });

  it('reads a channel pasted as a URL, an @handle or a UC… id (issue 24), and nothing else', () => {
    const id = 'UC_x5XG1OV2P6uZZ5FSM9Ttw';
    for (const input of [
      id,
      ` ${id} `,
      `https://www.youtube.com/channel/${id}`,
      `https://youtube.com/channel/${id}/videos?view=0`,
      `m.youtube.com/channel/${id}`,
      `http://www.youtube.com/channel/${id}#about`,
    ])
      expect(parseChannelInput(input)).toEqual({ id });
    for (const input of [
      '@GoogleDevelopers',
      'https://www.youtube.com/@GoogleDevelopers',
      'www.youtube.com/@GoogleDevelopers/featured',
      'https://m.youtube.com/%40GoogleDevelopers',
    ])
      expect(parseChannelInput(input)).toEqual({ handle: '@GoogleDevelopers' });
    for (const bad of [
      '',
      'GoogleDevelopers',
      '@ab',
      'UC_x5XG1OV2P6uZZ5FSM9Tt',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      `https://www.youtube.com/channel/${id.slice(1)}`,
      `https://evil.example/channel/${id}`,
      `https://youtube.com.evil.example/@GoogleDevelopers`,
      'https://www.youtube.com/%E0%A4%A',
    ])
      expect(parseChannelInput(bad)).toBeNull();
  });

  it('costs 1 + 2·⌈V/50⌉ + ⌈P/50⌉ units for a full sync, the playlists asked at least once', () => {
    expect(fullSyncUnits(0, 0)).toBe(2);
    expect(fullSyncUnits(120, 5)).toBe(1 + 6 + 1);
    expect(fullSyncUnits(5000, 100)).toBe(203);
  });

  it("adds each playlist's items, 50 a page, and nothing for an empty playlist", () => {
    expect(fullSyncUnits(120, 5, [0, 1, 50, 51, 120])).toBe(1 + 6 + 1 + (0 + 1 + 1 + 2 + 3));
    expect(fullSyncUnits(120, 5, [])).toBe(fullSyncUnits(120, 5));
  });

  it('costs 2 units a live check, 576 a day every 5 minutes (5.76 % of the 10,000-unit quota)', () => {
    expect(LIVE_CHECK_UNITS).toBe(2);
    expect(liveCheckUnitsPerDay(5)).toBe(576);
    expect(liveCheckUnitsPerDay(1)).toBe(2880);
    expect(liveCheckUnitsPerDay(7)).toBe(Math.ceil(1440 / 7) * 2);
    expect(liveCheckUnitsPerDay(0)).toBe(0);
  });
});

describe('shared small rules', () => {
  it('sends /api, below it and the root files to the API, and nothing else', () => {
    for (const path of ['/api', '/api/videos', '/sitemap.xml', '/rss.xml', '/robots.txt']) {
      expect(isApiPath(path)).toBe(true);
    }
    for (const path of ['/apis', '/admin', '/sitemap.xml/x', '/']) expect(isApiPath(path)).toBe(false);
  });

  it('names the site by its title, or the default when it is empty', () => {
    expect(siteName('Code with Alex')).toBe('Code with Alex');
    expect(siteName('  ')).toBe(DEFAULT_SITE_TITLE);
  });

  it('draws the same numbers in [0, 1) for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const drawn = Array.from({ length: 5 }, () => a());
    expect(drawn).toEqual(Array.from({ length: 5 }, () => b()));
    expect(drawn.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(seededRandom(43)()).not.toBe(drawn[0]);
  });
});
