import { parseChapters, thumbnailUrl } from '@app/contracts';
import {
  buildDemoContent,
  DEMO_MISSING_MAXRES_VIDEO_ID,
  DEMO_VIDEO_COUNT,
  demoThumbnailSvg,
} from './demo-content';

describe('demo content', () => {
  const now = new Date('2026-11-21T15:30:00Z');

  it('is deterministic for a given day', () => {
    expect(buildDemoContent(now)).toEqual(buildDemoContent(new Date('2026-11-21T01:00:00Z')));
  });

  it('has unique 11-character video ids, newest first, and local thumbnails', () => {
    const { videos, playlists } = buildDemoContent(now);
    expect(videos).toHaveLength(DEMO_VIDEO_COUNT);
    expect(new Set(videos.map((v) => v.id)).size).toBe(DEMO_VIDEO_COUNT);
    expect(videos.every((v) => /^[\w-]{11}$/.test(v.id))).toBe(true);
    const times = videos.map((v) => v.publishedAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Local thumbnails, but one: YouTube's maxres URL of a video that has none, second newest (issue 23).
    expect(videos.filter((v) => !v.thumbnail.startsWith('/api/demo/thumbnails/'))).toEqual([
      expect.objectContaining({
        id: DEMO_MISSING_MAXRES_VIDEO_ID,
        thumbnail: thumbnailUrl(DEMO_MISSING_MAXRES_VIDEO_ID, 'maxresdefault'),
      }),
    ]);
    expect(videos[1].id).toBe(DEMO_MISSING_MAXRES_VIDEO_ID);
    expect(playlists.some((p) => p.thumbnail === null)).toBe(true);
  });

  it("has one video whose description has chapters by YouTube's rules", () => {
    const { videos } = buildDemoContent(now);
    const withChapters = videos.filter((v) => parseChapters(v.description, v.durationSeconds).length > 0);
    expect(withChapters.map((v) => v.kind)).toEqual(['video']);
    expect(parseChapters(withChapters[0].description, withChapters[0].durationSeconds)).toHaveLength(4);
  });

  it('draws an SVG thumbnail with escaped text', () => {
    const svg = demoThumbnailSvg('v', 1);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('React Server Components');
  });
});
