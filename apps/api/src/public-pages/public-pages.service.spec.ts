import { siteName } from '@app/contracts';
import type { ChannelService } from '../channel/channel.service';
import type { Clock } from '../common/clock';
import type { SiteImagesService } from '../images/site-images.service';
import type { SettingsService } from '../settings/settings.service';
import type { VideosService } from '../videos/videos.service';
import { withoutCdata, xmlTexts as texts } from '../../test/support/xml-text';
import { PublicPagesService } from './public-pages.service';
import { feedCdata, feedText, feedUrl } from './xml';

const NOW = Date.parse('2032-02-03T04:05:06Z');

function video(id: string, title: string, description: string | null, durationSeconds = 180) {
  return {
    id,
    title,
    description,
    thumbnail: null,
    duration: '3:00',
    durationSeconds,
    viewCount: 7,
    publishedAt: new Date('2031-01-01T00:00:00Z'),
    featured: false,
    kind: 'video' as const,
  };
}

function service(videos: ReturnType<typeof video>[], settings: Record<string, unknown> = {}) {
  const values: Record<string, unknown> = {
    enableSitemap: true,
    enableRSS: true,
    siteTitle: '',
    siteDescription: '',
    ...settings,
  };
  return new PublicPagesService(
    { recent: async (limit?: number) => videos.slice(0, limit) } as unknown as VideosService,
    { find: async () => null } as unknown as ChannelService,
    {
      get: async (key: string) => values[key],
      siteName: async () => siteName(String(values.siteTitle ?? '')),
    } as unknown as SettingsService,
    { now: () => NOW } as Clock,
    { of: async () => () => null } as unknown as SiteImagesService,
  );
}

describe('PublicPagesService', () => {
  const hostile = 'Tom & Jerry <script>alert(1)</script> ]]> and ]]><b>x</b> &amp; \u0001end';
  const readable = 'Tom & Jerry <script>alert(1)</script> ]]> and ]]><b>x</b> &amp; end';

  describe('rss.xml (feed)', () => {
    it('carries every title and description exactly, with no markup getting through', async () => {
      const xml = await service([video('v1', hostile, hostile)]).rss('https://example.org');
      // feed writes item text as CDATA: the markup is text there, and nothing outside it is markup.
      expect(withoutCdata(xml)).not.toMatch(/<script|<b>/);
      expect(texts(xml, 'title')).toEqual(['Channel', readable]);
      expect(texts(xml, 'description')).toEqual(['Channel', readable]);
      // Items link to the watch pages; the guid is still the bare id, so no reader announces an item again.
      expect(texts(xml, 'link')).toEqual(['https://example.org/', 'https://example.org/videos/v1']);
      expect(xml).toContain('<guid isPermaLink="false">v1</guid>');
      expect(xml).toContain('<pubDate>Wed, 01 Jan 2031 00:00:00 GMT</pubDate>');
      expect(xml).toContain('<lastBuildDate>Tue, 03 Feb 2032 04:05:06 GMT</lastBuildDate>');
      expect(xml).toContain(
        '<atom:link href="https://example.org/rss.xml" rel="self" type="application/rss+xml"/>',
      );
    });

    it('escapes the site title and keeps a literal &amp; in it', async () => {
      const xml = await service([], { siteTitle: 'A &amp; B <i>' }).rss('https://example.org');
      expect(texts(xml, 'title')).toEqual(['A &amp; B <i>']);
      expect(xml).not.toContain('<i>');
    });

    it('keeps the newest 50', async () => {
      const videos = Array.from({ length: 60 }, (_, i) => video(`v${i}`, `Video ${i}`, null));
      const xml = await service(videos).rss('https://example.org');
      expect(xml.match(/<item>/g)).toHaveLength(50);
    });
  });

  describe('sitemap.xml (sitemap)', () => {
    it('lists the home page, then every watch page with its video entry, escaped', async () => {
      const xml = await service([video('v1', hostile, null), video('v2', 'Two', 'Second', 0)]).sitemap(
        'https://example.org',
      );
      expect(xml).toContain('xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"');
      expect(xml).not.toContain('<script>');
      expect(texts(xml, 'loc')).toEqual([
        'https://example.org/',
        'https://example.org/videos/v1',
        'https://example.org/videos/v2',
      ]);
      expect(texts(xml, 'lastmod')).toEqual([
        '2031-01-01T00:00:00.000Z',
        '2031-01-01T00:00:00.000Z',
        '2031-01-01T00:00:00.000Z',
      ]);
      // One video entry inside each watch page's <url>, none on the home page.
      const urls = xml.split('<url>').slice(1);
      expect(urls.map((url) => (url.match(/<video:video>/g) ?? []).length)).toEqual([0, 1, 1]);
      expect(texts(xml, 'video:title')).toEqual([readable.slice(0, 100), 'Two']);
      expect(texts(xml, 'video:description')).toEqual([readable, 'Second']);
      expect(texts(xml, 'video:player_loc')).toEqual([
        'https://www.youtube-nocookie.com/embed/v1',
        'https://www.youtube-nocookie.com/embed/v2',
      ]);
      expect(texts(xml, 'video:thumbnail_loc')).toEqual([
        'https://i.ytimg.com/vi/v1/hqdefault.jpg',
        'https://i.ytimg.com/vi/v2/hqdefault.jpg',
      ]);
      // No duration for a video whose length is unknown (a stream).
      expect(texts(xml, 'video:duration')).toEqual(['180']);
      expect(texts(xml, 'video:view_count')).toEqual(['7', '7']);
      expect(texts(xml, 'video:publication_date')).toEqual([
        '2031-01-01T00:00:00.000Z',
        '2031-01-01T00:00:00.000Z',
      ]);
    });

    it('without videos, lists the home page as of now', async () => {
      const xml = await service([]).sitemap('https://example.org');
      expect(texts(xml, 'lastmod')).toEqual(['2032-02-03T04:05:06.000Z']);
      expect(xml).not.toContain('<video:video>');
    });
  });

  describe('xml helpers', () => {
    it('splits every ]]> after the first (xml-js splits the first)', () => {
      expect(feedCdata('a]]>b]]>c]]>')).toBe('a]]>b]]]]><![CDATA[>c]]]]><![CDATA[>');
      expect(feedCdata('plain\u0000')).toBe('plain');
    });

    it('pre-escapes & for text and percent-encodes markup in URLs', () => {
      expect(feedText('a & b')).toBe('a &amp; b');
      expect(feedUrl('http://h<x>"/rss.xml')).toBe('http://h%3Cx%3E%22/rss.xml');
    });
  });
});
