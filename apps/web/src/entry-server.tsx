/**
 * Server rendering of the public pages (issue 15; docs/architecture.md): `/` and `/videos/{id}` rendered by the
 * same components the browser hydrates, with the data they show asked of the API over HTTP. Built by Vite into
 * `dist/apps/web/server/entry-server.js` and run by the web server (tools/serve.ts); the browser picks the data
 * up from the page (`SSR_STATE_ID`) and hydrates.
 */
import { videoKindQuery } from '@app/contracts/video-filters';
import { isServerRenderedPath, videoIdFromWatchPath } from '@app/contracts/watch';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { HomeApp } from './app/home-app';
import { WatchApp } from './app/watch-app';
import { channelStatsQueryOptions } from './features/channel/api/get-channel-stats';
import { playlistsQueryOptions } from './features/playlists/api/get-playlists';
import { publicSettingsQueryOptions } from './features/settings/api/get-public-settings';
import { featuredVideoQueryOptions } from './features/videos/api/get-featured-video';
import { liveStateQueryOptions } from './features/videos/api/get-live-state';
import { latestVideosQueryOptions, shortsShelfQueryOptions } from './features/videos/api/get-videos';
import { videoDetailQueryOptions } from './features/videos/api/get-video-detail';
import { setApiOrigin } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { ssrStateScript } from './ssr-state';

export interface RenderedPage {
  /** 404 for a watch page of a video the site does not have. */
  status: 200 | 404;
  /** What goes into `#root`. */
  html: string;
  /** The data it was rendered with, for hydration: a data block to put after `#root`. */
  state: string;
}

/** Asks the API for everything the home page shows, as its components ask it (the same query keys). */
async function loadHome(queryClient: QueryClient): Promise<ReactElement> {
  const settings = await queryClient.fetchQuery(publicSettingsQueryOptions());
  await Promise.all([
    queryClient.fetchQuery(channelStatsQueryOptions()),
    queryClient.fetchQuery(latestVideosQueryOptions(videoKindQuery('all', settings.hideShorts))),
    queryClient.fetchQuery(liveStateQueryOptions()),
    settings.showFeaturedVideo && queryClient.fetchQuery(featuredVideoQueryOptions()),
    settings.showPlaylistSection && queryClient.fetchQuery(playlistsQueryOptions()),
    settings.showShortsShelf && queryClient.fetchQuery(shortsShelfQueryOptions()),
  ]);
  return <HomeApp queryClient={queryClient} />;
}

/**
 * Renders `pathname` with the API at `apiBase` (its internal address), or resolves null for a path that is not
 * rendered here. Rejects when the API does not answer: the web server then sends the last rendering or the shell.
 */
export async function render(pathname: string, apiBase: string): Promise<RenderedPage | null> {
  if (!isServerRenderedPath(pathname)) return null;
  const videoId = videoIdFromWatchPath(pathname);
  setApiOrigin(apiBase);
  const queryClient = createQueryClient();
  try {
    let status: RenderedPage['status'] = 200;
    let app: ReactElement;
    if (videoId === null) app = await loadHome(queryClient);
    else {
      const [, detail] = await Promise.all([
        queryClient.fetchQuery(publicSettingsQueryOptions()),
        queryClient.fetchQuery(videoDetailQueryOptions(videoId)),
      ]);
      if (detail === null) status = 404;
      app = <WatchApp videoId={videoId} queryClient={queryClient} />;
    }
    const html = renderToString(app);
    return { status, html, state: ssrStateScript(dehydrate(queryClient)) };
  } finally {
    // Drops the queries and their garbage-collection timers.
    queryClient.clear();
  }
}
