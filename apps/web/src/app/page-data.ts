import type { PublicSettings } from '@app/contracts';
import { videoKindQuery } from '@app/contracts/video-filters';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { channelStatsQueryOptions } from '../features/channel/api/get-channel-stats';
import { playlistsQueryOptions } from '../features/playlists/api/get-playlists';
import { publicSettingsQueryOptions } from '../features/settings/api/get-public-settings';
import { featuredVideoQueryOptions } from '../features/videos/api/get-featured-video';
import { liveStateQueryOptions } from '../features/videos/api/get-live-state';
import { latestVideosQueryOptions, shortsShelfQueryOptions } from '../features/videos/api/get-videos';
import { videoDetailQueryOptions } from '../features/videos/api/get-video-detail';
import type { SearchPageParams } from '@app/contracts/search-page';
import { searchPageQueryOptions } from '../features/search/api/get-search-page';

/**
 * What each page rendered on the server shows, declared once: the renderer (`entry-server.tsx`) puts the API's page
 * model into exactly these queries before it renders (`putPageModel`, entry-server.tsx), and the browser (`start-app.tsx`) asks for it all at once when a page comes without
 * its data, instead of one section after the other as they mount. Besides these, every page needs the public
 * settings (`publicSettingsQueryOptions`), which decide the optional sections. `page-data.spec.tsx` renders the
 * pages and fails when a component asks for anything not declared here.
 */
export function homePageQueries(settings: PublicSettings) {
  return [
    channelStatsQueryOptions(),
    latestVideosQueryOptions(videoKindQuery('all', settings.hideShorts)),
    liveStateQueryOptions(),
    ...(settings.showFeaturedVideo ? [featuredVideoQueryOptions()] : []),
    ...(settings.showPlaylistSection ? [playlistsQueryOptions()] : []),
    ...(settings.showShortsShelf ? [shortsShelfQueryOptions()] : []),
  ];
}

/** A watch page: the video, its details, playlists and related videos (one call). */
export function watchPageQueries(videoId: string) {
  return [videoDetailQueryOptions(videoId)];
}

/** The search page: its page of results. */
export function searchPageQueries({ q, offset }: SearchPageParams) {
  return [searchPageQueryOptions(q, offset)];
}

/**
 * Asks for the settings and everything the page declares, in parallel once the settings are known; `fetch`
 * (the app, for a page that came without its data) waits for all and rejects on a failure, `prefetch` (the browser) only starts them.
 */
export async function loadPageData(
  queryClient: QueryClient,
  page: { videoId?: string; search?: SearchPageParams },
  mode: 'fetch' | 'prefetch',
): Promise<void> {
  const settings = queryClient.fetchQuery(publicSettingsQueryOptions());
  // A watch page's data and the search page's do not depend on the settings: asked at the same time.
  const queries = (
    page.videoId !== undefined
      ? watchPageQueries(page.videoId)
      : page.search
        ? searchPageQueries(page.search)
        : await settings.then(homePageQueries)
  ) as FetchQueryOptions[];
  if (mode === 'prefetch') {
    for (const query of queries) void queryClient.prefetchQuery(query);
    return;
  }
  await Promise.all([settings, ...queries.map((query) => queryClient.fetchQuery(query))]);
}
