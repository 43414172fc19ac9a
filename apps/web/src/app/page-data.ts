import type { PublicSettings } from '@app/contracts';
import type { PageModel } from '@app/contracts/page-model';
import { videoIdFromWatchPath } from '@app/contracts/watch';
import { videoKindQuery } from '@app/contracts/video-filters';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { channelStatsQueryOptions } from '../features/channel/api/get-channel-stats';
import { playlistsQueryOptions } from '../features/playlists/api/get-playlists';
import { publicSettingsQueryOptions } from '../features/settings/api/get-public-settings';
import { featuredVideoQueryOptions } from '../features/videos/api/get-featured-video';
import { liveStateQueryOptions } from '../features/videos/api/get-live-state';
import { latestVideosQueryOptions, shortsShelfQueryOptions } from '../features/videos/api/get-videos';
import { videoDetailQueryOptions } from '../features/videos/api/get-video-detail';

/**
 * What each page rendered on the server shows, declared once: the renderer (`entry-server.tsx`) puts the API's page
 * model into exactly these queries before it renders (`putPageModel`), and the browser (`start-app.tsx`) asks for it all at once when a page comes without
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

/**
 * Asks for the settings and everything the page declares, in parallel once the settings are known; `fetch`
 * (the app, for a page that came without its data) waits for all and rejects on a failure, `prefetch` (the browser) only starts them.
 */
export async function loadPageData(
  queryClient: QueryClient,
  videoId: string | null,
  mode: 'fetch' | 'prefetch',
): Promise<void> {
  const settings = queryClient.fetchQuery(publicSettingsQueryOptions());
  // A watch page's data does not depend on the settings: asked at the same time.
  const queries = (
    videoId === null ? await settings.then(homePageQueries) : watchPageQueries(videoId)
  ) as FetchQueryOptions[];
  if (mode === 'prefetch') {
    for (const query of queries) void queryClient.prefetchQuery(query);
    return;
  }
  await Promise.all([settings, ...queries.map((query) => queryClient.fetchQuery(query))]);
}

/**
 * The page model (`GET /api/page`, what the web server renders from) under the queries its page declares above, so
 * the components render from it without asking anything, and the browser hydrates from the same keys
 * (docs/architecture.md, "The page model"). `page-data.spec.tsx` fails when a declared query is left empty.
 */
export function putPageModel(queryClient: QueryClient, model: PageModel): void {
  const put = <T>(options: { queryKey: readonly unknown[] }, data: T) =>
    queryClient.setQueryData(options.queryKey, data);
  put(publicSettingsQueryOptions(), model.settings);
  if (model.kind === 'watch') {
    const videoId = videoIdFromWatchPath(model.path);
    if (videoId !== null) put(videoDetailQueryOptions(videoId), model.data.video);
    return;
  }
  if (model.kind !== 'home') return;
  const { data, settings } = model;
  const kind = videoKindQuery('all', settings.hideShorts);
  put(channelStatsQueryOptions(), data.channel);
  put(latestVideosQueryOptions(kind), {
    videos: data.videos.items,
    total: data.videos.total,
    offset: 0,
    kind,
  });
  put(liveStateQueryOptions(), data.live);
  if (data.featured !== undefined) put(featuredVideoQueryOptions(), data.featured);
  if (data.playlists) put(playlistsQueryOptions(), data.playlists);
  if (data.shorts)
    put(shortsShelfQueryOptions(), {
      videos: data.shorts.items,
      total: data.shorts.total,
      offset: 0,
      kind: 'short',
    });
}
