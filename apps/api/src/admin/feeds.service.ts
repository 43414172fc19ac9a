import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DEFAULT_SITE_TITLE,
  embedUrl,
  pageHead,
  pageHeadHtml,
  pageHeadSettingsKeys,
  type SitemapResult,
  thumbnailUrl,
  watchUrl,
} from '@app/contracts';
import type { Repository } from 'typeorm';
import { ChannelEntity } from '../channel/channel.entity';
import { Clock } from '../common/clock';
import { SettingsService } from '../settings/settings.service';
import { VideoEntity } from '../videos/video.entity';
import { absoluteUrl } from './site-url';
import { xml } from './xml';

export const RSS_ITEMS = 50;

/** sitemap.xml (with Google's video extension), rss.xml, robots.txt and the page head, built from the database. */
@Injectable()
export class FeedsService {
  constructor(
    @InjectRepository(VideoEntity) private readonly videos: Repository<VideoEntity>,
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** The `<head>` tags the SEO settings describe, as HTML for the web server to put in `index.html`. */
  async pageHead(origin: string): Promise<string> {
    const settings = await this.settings.publicValues(pageHeadSettingsKeys);
    return `${pageHeadHtml(pageHead(settings, origin))}\n`;
  }

  async sitemap(origin: string): Promise<string> {
    if (!(await this.settings.get('enableSitemap'))) throw new NotFoundException('The sitemap is turned off');
    const videos = await this.videos.find({ order: { publishedAt: 'DESC', id: 'ASC' } });
    const entries = videos.map(
      (v) => `    <video:video>
      <video:thumbnail_loc>${xml(absoluteUrl(origin, v.thumbnail ?? thumbnailUrl(v.id)))}</video:thumbnail_loc>
      <video:title>${xml(v.title.slice(0, 100))}</video:title>
      <video:description>${xml((v.description || v.title).slice(0, 2048))}</video:description>
      <video:player_loc>${xml(embedUrl(v.id))}</video:player_loc>
      ${v.durationSeconds > 0 ? `<video:duration>${Math.min(v.durationSeconds, 28_800)}</video:duration>\n      ` : ''}<video:view_count>${v.viewCount}</video:view_count>
      <video:publication_date>${v.publishedAt.toISOString()}</video:publication_date>
    </video:video>`,
    );
    const lastmod = videos[0]?.publishedAt ?? new Date(this.clock.now());
    return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>${xml(`${origin}/`)}</loc>
    <lastmod>${lastmod.toISOString()}</lastmod>
${entries.join('\n')}
  </url>
</urlset>
`;
  }

  /** What the admin's Generate Sitemap button reports. */
  async generateSitemap(origin: string): Promise<SitemapResult> {
    if (!(await this.settings.get('enableSitemap'))) {
      throw new BadRequestException('enableSitemap: turn the sitemap on in the SEO settings first');
    }
    const body = await this.sitemap(origin);
    return {
      url: `${origin}/sitemap.xml`,
      videos: (body.match(/<video:video>/g) ?? []).length,
      bytes: Buffer.byteLength(body),
      generatedAt: new Date(this.clock.now()).toISOString(),
    };
  }

  async rss(origin: string): Promise<string> {
    if (!(await this.settings.get('enableRSS'))) throw new NotFoundException('The RSS feed is turned off');
    const [videos, channel, siteTitle, siteDescription] = await Promise.all([
      this.videos.find({ order: { publishedAt: 'DESC', id: 'ASC' }, take: RSS_ITEMS }),
      this.channels.findOneBy({ id: ChannelEntity.SINGLETON_ID }),
      this.settings.get('siteTitle'),
      this.settings.get('siteDescription'),
    ]);
    const title = siteTitle || channel?.title || DEFAULT_SITE_TITLE;
    const items = videos.map(
      (v) => `    <item>
      <title>${xml(v.title)}</title>
      <link>${xml(watchUrl(v.id))}</link>
      <guid isPermaLink="false">${xml(v.id)}</guid>
      <pubDate>${v.publishedAt.toUTCString()}</pubDate>
      <description>${xml(v.description ?? '')}</description>
    </item>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(title)}</title>
    <link>${xml(`${origin}/`)}</link>
    <atom:link href="${xml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>
    <description>${xml(siteDescription || channel?.description || title)}</description>
    <lastBuildDate>${new Date(this.clock.now()).toUTCString()}</lastBuildDate>
${items.join('\n')}
  </channel>
</rss>
`;
  }

  async robots(origin: string): Promise<string> {
    const lines = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/'];
    if (await this.settings.get('enableSitemap')) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
    return `${lines.join('\n')}\n`;
  }
}
