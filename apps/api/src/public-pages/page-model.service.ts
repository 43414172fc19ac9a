import { SHORTS_SHELF_SIZE } from '@app/contracts/limits';
import { Injectable, NotFoundException } from '@nestjs/common';
import {
  type HomePageData,
  homePageHead,
  isSearchPath,
  isSitePagePath,
  type PageCachePolicy,
  pageHead,
  type PageModel,
  type PublicSettings,
  reportPageOf,
  SEARCH_PAGE_RESULTS,
  type SearchPageData,
  type SearchPageParams,
  searchPageHead,
  searchQueryTooLong,
  truncateText,
  sponsorReportTokenFromPath,
  type VideoDetail,
  videoIdFromWatchPath,
  watchPageHead,
  watchPageUrl,
} from '@app/contracts';
import { toChannelStats } from '../channel/channel.mapper';
import { ChannelService } from '../channel/channel.service';
import { MediaKitService } from '../media-kit/media-kit.service';
import { SponsorReportService } from '../sponsorships/sponsor-report.service';
import { toPlaylist } from '../playlists/playlist.mapper';
import { SiteImagesService } from '../images/site-images.service';
import { PlaylistsService } from '../playlists/playlists.service';
import { SettingsService } from '../settings/settings.service';
import { toVideo } from '../videos/video.mapper';
import { type VideoPage, VideosService } from '../videos/videos.service';
import { LiveCheckService } from '../youtube/live-check.service';
import { visitorTexts } from '../i18n/visitor-texts';
import { SearchService } from '../search/search.service';
import { headHtml, PublicPagesService } from './public-pages.service';
import { WatchService } from './watch.service';

/** Where the page model's answer is asked for: the site's origin (its links) and whether it is fixed. */
export interface PageModelSite {
  /** The site's origin, for the head's absolute links. */
  origin: string;
  /** PUBLIC_URL is set: the answer is the same whatever the request's Host. */
  fixedOrigin: boolean;
  /** The asker has a live admin session (the web server passes the owner's cookie on for the media kit only). */
  owner?: boolean;
}

/** The cache policy of a page's HTML: shared caches may keep it only when its links do not follow the Host. */
export function pageCachePolicy(fixedOrigin: boolean): PageCachePolicy {
  return fixedOrigin
    ? { shared: true, cacheControl: 'no-cache' }
    : { shared: false, cacheControl: 'private, no-cache' };
}

/**
 * The page model (`GET /api/page?path=`): what a server render of a path needs, from the same services the public
 * calls answer from (`GET /api/settings`, `/api/settings/page-policy`, `/api/page-head`, `/api/videos`, …), so the
 * two never differ.
 */
@Injectable()
export class PageModelService {
  constructor(
    private readonly settings: SettingsService,
    private readonly pages: PublicPagesService,
    private readonly watch: WatchService,
    private readonly videos: VideosService,
    private readonly playlists: PlaylistsService,
    private readonly channel: ChannelService,
    private readonly live: LiveCheckService,
    private readonly images: SiteImagesService,
    private readonly reports: SponsorReportService,
    private readonly mediaKit: MediaKitService,
    private readonly search: SearchService,
  ) {}

  /**
   * The model of `path` as of content `version` (read before anything else, so it is never newer than the data);
   * `search`: the search page's query and offset.
   */
  async model(
    path: string,
    version: string,
    site: PageModelSite,
    search: SearchPageParams = { q: '', offset: 0 },
  ): Promise<PageModel> {
    const [settings, policy] = await Promise.all([
      this.settings.publicView(),
      this.settings.pagePolicySources(),
    ]);
    const common = { path, version, settings, policy, cache: pageCachePolicy(site.fixedOrigin) };
    const siteHead = () => headHtml(pageHead(settings, site.origin));
    if (path === '/') {
      const data = await this.home(settings);
      const urls = data.videos.items.map((video) => watchPageUrl(site.origin, video.id));
      const head = headHtml(homePageHead(settings, site.origin, urls));
      return { ...common, kind: 'home', status: 200, head, data };
    }
    if (isSearchPath(path)) {
      const data = await this.searchPage(search);
      const { t } = visitorTexts(settings.siteLanguage);
      // A long query is cut in the title (a tab shows about 60 characters).
      const title = data.q ? t('search.pageTitle', { query: truncateText(data.q, 60) }) : t('search.heading');
      const head = headHtml(searchPageHead(settings, site.origin, title));
      return { ...common, kind: 'search', status: 200, head, data };
    }
    const standalone = reportPageOf(path);
    if (standalone === 'sponsor-report') {
      const token = sponsorReportTokenFromPath(path);
      const answer = token ? await this.reports.byToken(token) : { status: 404 as const, report: null };
      return {
        ...common,
        kind: 'sponsor-report',
        status: answer.status,
        head: '',
        data: { report: answer.report },
      };
    }
    if (standalone === 'media-kit') {
      const kit = await this.mediaKit.model(site.owner ?? false);
      if (kit) return { ...common, kind: 'media-kit', status: 200, head: '', data: kit };
      return { ...common, kind: 'not-found', status: 404, head: siteHead(), data: null };
    }
    const videoId = videoIdFromWatchPath(path);
    if (videoId !== null) {
      const video = await this.watch.detail(videoId).catch(notFoundAsNull);
      return video
        ? {
            ...common,
            kind: 'watch',
            status: 200,
            head: headHtml(watchPageHead(settings, site.origin, video)),
            data: { video },
          }
        : { ...common, kind: 'watch', status: 404, head: siteHead(), data: { video: null } };
    }
    if (isSitePagePath(path))
      return { ...common, kind: 'dashboard', status: 200, head: siteHead(), data: null };
    return { ...common, kind: 'not-found', status: 404, head: siteHead(), data: null };
  }

  /** The search page's results (`GET /api/search`'s answer): none for an empty query or a too long one. */
  private async searchPage({ q, offset }: SearchPageParams): Promise<SearchPageData> {
    const query = q.trim();
    if (!query || searchQueryTooLong(query))
      return { q: query, offset, total: 0, results: [], error: query ? 'too-long' : null };
    const answer = await this.search.search(query, SEARCH_PAGE_RESULTS, offset);
    return { q: query, offset, total: answer.total, results: answer.results, error: null };
  }

  /** What `/`'s queries fetch first (apps/web/src/app/page-data.ts), sections switched off left out. */
  private async home(settings: PublicSettings): Promise<HomePageData> {
    const [channel, videos, live, featured, playlists, shorts] = await Promise.all([
      this.channel.find(),
      this.pages.latestVideos(settings.hideShorts),
      this.live.state(),
      settings.showFeaturedVideo ? this.videos.featured() : undefined,
      settings.showPlaylistSection ? this.playlists.list() : undefined,
      settings.showShortsShelf
        ? this.videos.list({ sort: 'recent', kind: ['short'], limit: SHORTS_SHELF_SIZE, offset: 0 })
        : undefined,
    ]);
    // One query for the images of every video shown (latest, featured, Shorts), one for the playlists'.
    const [videoImage, playlistImage] = await Promise.all([
      this.images.of(
        'video',
        [...videos.items, ...(featured ? [featured] : []), ...(shorts?.items ?? [])].map((v) => v.id),
      ),
      this.images.of(
        'playlist',
        (playlists ?? []).map((p) => p.id),
      ),
    ]);
    const video = (entity: Parameters<typeof toVideo>[0]) => toVideo(entity, videoImage(entity.id));
    const list = (page: VideoPage) => ({ items: page.items.map(video), total: page.total });
    return {
      channel: toChannelStats(channel),
      videos: list(videos),
      live,
      ...(featured !== undefined && { featured: featured ? video(featured) : null }),
      ...(playlists && { playlists: playlists.map((p) => toPlaylist(p, playlistImage(p.id))) }),
      ...(shorts && { shorts: list(shorts) }),
    };
  }
}

function notFoundAsNull(error: unknown): VideoDetail | null {
  if (error instanceof NotFoundException) return null;
  throw error;
}
