import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { VIDEO_PAGE_SIZE } from '@app/contracts/limits';
import {
  embedUrl,
  type PageHead,
  pageHeadHtml,
  PSEUDO_LANGUAGE,
  siteIcon,
  type SitemapResult,
  type VideoKind,
  videoKindQuery,
  thumbnailUrls,
  truncateText,
  watchPageUrl,
} from '@app/contracts';
import { Feed } from 'feed';
import { SitemapStream, streamToPromise } from 'sitemap';
import { ChannelService } from '../channel/channel.service';
import { Clock } from '../common/clock';
import { SiteImagesService } from '../images/site-images.service';
import { SettingsService } from '../settings/settings.service';
import { type VideoPage, VideosService } from '../videos/videos.service';
import { visitorTexts } from '../i18n/visitor-texts';
import { openSearchDescription } from './opensearch';
import { feedCdata, feedText, feedUrl, xmlChars } from './xml';

export const RSS_ITEMS = 50;

/** A page's head as the HTML fragment the web server puts between the shell's page-head marks. */
export function headHtml(head: PageHead): string {
  return `${pageHeadHtml(head)}\n`;
}

/** Google's limits for the video extension: https://developers.google.com/search/docs/crawling-indexing/sitemaps/video-sitemaps */
const SITEMAP_TITLE_MAX = 100;
const SITEMAP_DESCRIPTION_MAX = 2048;
const SITEMAP_DURATION_MAX = 28_800;

/** sitemap.xml (with Google's video extension), rss.xml and robots.txt, for visitors and crawlers; `/`'s latest videos. */
@Injectable()
export class PublicPagesService {
  constructor(
    private readonly videos: VideosService,
    private readonly channel: ChannelService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly images: SiteImagesService,
  ) {}

  /** The videos `/` shows before View All, of the kinds its grid shows (no Shorts when the site hides them). */
  latestVideos(hideShorts: boolean): Promise<VideoPage> {
    return this.videos.list({
      sort: 'recent',
      kind: videoKindQuery('all', hideShorts)?.split(',') as VideoKind[] | undefined,
      limit: VIDEO_PAGE_SIZE,
      offset: 0,
    });
  }

  /**
   * The home page, then every video's watch page carrying its video entry (Google indexes a video from the page
   * where it is the main content).
   */
  async sitemap(origin: string): Promise<string> {
    if (!(await this.settings.get('enableSitemap'))) throw new NotFoundException('The sitemap is turned off');
    const videos = await this.videos.recent();
    const image = await this.images.of(
      'video',
      videos.map((v) => v.id),
    );
    const lastmod = videos[0]?.publishedAt ?? new Date(this.clock.now());
    const stream = new SitemapStream({ xmlns: { news: false, xhtml: false, image: false, video: true } });
    stream.write({ url: `${origin}/`, lastmod: lastmod.toISOString() });
    for (const v of videos) {
      stream.write({
        url: watchPageUrl(origin, v.id),
        lastmod: v.publishedAt.toISOString(),
        video: [
          {
            // The site's own share image once it has it (as the watch page's JSON-LD), else the stored thumbnail.
            thumbnail_loc: thumbnailUrls({ ...v, image: image(v.id) }, origin)[0],
            title: truncateText(v.title, SITEMAP_TITLE_MAX, ''),
            description: truncateText(v.description || v.title, SITEMAP_DESCRIPTION_MAX),
            player_loc: embedUrl(v.id),
            duration: v.durationSeconds > 0 ? Math.min(v.durationSeconds, SITEMAP_DURATION_MAX) : undefined,
            view_count: v.viewCount ?? undefined,
            publication_date: v.publishedAt.toISOString(),
          },
        ],
      });
    }
    stream.end();
    return `${(await streamToPromise(stream)).toString()}\n`;
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
    const [videos, channel, title, siteDescription, siteLanguage] = await Promise.all([
      this.videos.recent(RSS_ITEMS),
      this.channel.find(),
      this.settings.siteName(),
      this.settings.get('siteDescription'),
      this.settings.get('siteLanguage'),
    ]);
    const feed = new Feed({
      title: feedText(title),
      id: `${origin}/`,
      link: `${origin}/`,
      feedLinks: { rss: feedUrl(`${origin}/rss.xml`) },
      description: feedText(siteDescription || channel?.description || title),
      updated: new Date(this.clock.now()),
      // The site's language (issue 26); the pseudo-locale is English.
      language: siteLanguage === PSEUDO_LANGUAGE ? 'en' : siteLanguage,
    });
    for (const v of videos) {
      feed.addItem({
        title: feedCdata(v.title),
        // The watch page; the guid stays the bare id it always was, so readers announce no item again.
        link: watchPageUrl(origin, v.id),
        guid: xmlChars(v.id),
        date: v.publishedAt,
        description: v.description ? feedCdata(v.description) : undefined,
      });
    }
    return `${feed.rss2()}\n`;
  }

  /** The OpenSearch description (opensearch.ts): the site's name, a sentence in its language, its icon. */
  async openSearch(origin: string): Promise<string> {
    const [name, language, favicon] = await Promise.all([
      this.settings.siteName(),
      this.settings.get('siteLanguage'),
      this.settings.get('faviconImage'),
    ]);
    return openSearchDescription({
      origin,
      name,
      description: visitorTexts(language).t('opensearch.description', { name }),
      language: language === PSEUDO_LANGUAGE ? 'en' : language,
      icon: siteIcon(favicon),
    });
  }

  async robots(origin: string): Promise<string> {
    const lines = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /search'];
    if (await this.settings.get('enableSitemap')) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
    return `${lines.join('\n')}\n`;
  }
}
