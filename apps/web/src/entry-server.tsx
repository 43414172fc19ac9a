/**
 * Server rendering of the public pages (docs/architecture.md, "The page model"): `/` and `/videos/{id}` rendered by
 * the same components the browser hydrates, from the API's page model (`GET /api/page?path=`, which the web server
 * asks) put under the page's own query keys: no HTTP of its own. Built by Vite into
 * `dist/apps/web-server/entry-server.mjs` and run by the web server (apps/web/server/serve-page.ts); the browser
 * picks the data up from the web server (`fetchPageData`, src/ssr-state.ts) and hydrates.
 */
import { DEFAULT_SITE_LANGUAGE, type SiteLanguage } from '@app/contracts/site-language';
import type { PageModel } from '@app/contracts/page-model';
import { videoKindQuery } from '@app/contracts/video-filters';
import { isSearchPath, videoIdFromWatchPath } from '@app/contracts/watch';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { HomeApp } from './app/home-app';
import { SearchApp } from './app/search-app';
import { WatchApp } from './app/watch-app';
import { searchPageQueryOptions } from './features/search/api/get-search-page';
import { channelStatsQueryOptions } from './features/channel/api/get-channel-stats';
import { playlistsQueryOptions } from './features/playlists/api/get-playlists';
import { publicSettingsQueryOptions } from './features/settings/api/get-public-settings';
import { featuredVideoQueryOptions } from './features/videos/api/get-featured-video';
import { liveStateQueryOptions } from './features/videos/api/get-live-state';
import { videoDetailQueryOptions } from './features/videos/api/get-video-detail';
import { latestVideosQueryOptions, shortsShelfQueryOptions } from './features/videos/api/get-videos';
import { createQueryClient } from './lib/query-client';
import { activateMessages, type PageMessages } from './i18n/i18n';
import { loadCatalogue } from './i18n/load-catalogue';
import { renderAt } from './lib/render-time';
import {
  renderDocument as renderStandalone,
  type RenderedDocument,
} from './features/report-pages/render-document';
import { bootFacts, ssrStateScript, type PageData } from './ssr-state';
import type { PublicSettings } from '@app/contracts/settings';
import { createHash } from 'node:crypto';

export interface RenderedPage {
  /** 404 for a watch page of a video the site does not have. */
  status: 200 | 404;
  /** What goes into `#root`. */
  html: string;
  /** The page's `#ssr-state` block (its boot facts, and where its data is), to put after `#root`. */
  state: string;
  /** The data it was rendered with, for hydration: the web server hands it out at `/page-data/{id}`. */
  data: { id: string; json: string };
  /** The page's language, for `<html lang>`. */
  lang: SiteLanguage;
  /** The element after the first screen, which the first paint waits for (apps/web/server/page-shell.ts). */
  firstScreenEnd?: string;
  /** The owner's colour scheme, which the web server puts on `<html>` for the first paint (page-shell.ts). */
  colorScheme: PublicSettings['colorScheme'];
}

/**
 * `/`'s first screen is its hero (and, below it on a tall screen, the featured video); the latest videos' section
 * comes after it whatever the settings show. A watch page lays its first screen out in fixed boxes and needs none.
 */
const HOME_FIRST_SCREEN_END = 'videos';

/**
 * Renders the page of `model` (the API's page model of its path), or resolves null for a page the browser renders
 * (the dashboard, the not-found page).
 */
export async function render(model: PageModel): Promise<RenderedPage | null> {
  const videoId = videoIdFromWatchPath(model.path);
  if (model.kind !== 'watch' && model.kind !== 'home' && model.kind !== 'search') return null;
  if (model.kind === 'watch' && videoId === null) return null;
  if (model.kind === 'search' && !isSearchPath(model.path)) return null;
  const queryClient = createQueryClient();
  try {
    // Everything the page declares (app/page-data.ts), under the keys its components ask with.
    putPageModel(queryClient, model);
    const status: RenderedPage['status'] = model.status;
    const app: ReactElement =
      model.kind === 'search' ? (
        <SearchApp q={model.data.q} offset={model.data.offset} queryClient={queryClient} />
      ) : videoId === null ? (
        <HomeApp queryClient={queryClient} />
      ) : (
        <WatchApp videoId={videoId} queryClient={queryClient} />
      );
    const { settings } = model;
    const lang = settings.siteLanguage ?? DEFAULT_SITE_LANGUAGE;
    const messages = await catalogue(lang);
    // Nothing may come between the activation and the (synchronous) rendering: another request's page would
    // then render in this one's language.
    activateMessages(messages);
    // The moment the page's relative dates count from, written into the page for its hydration.
    const renderedAt = Date.now();
    const html = renderAt(renderedAt, () => renderToString(app));
    const json = JSON.stringify({ state: dehydrate(queryClient), messages } satisfies PageData);
    const id = createHash('sha256').update(json).digest('base64url').slice(0, 22);
    const facts = bootFacts(
      settings,
      model.kind === 'home' ? model.data.live : undefined,
      model.kind === 'search' ? model.data : undefined,
    );
    return {
      status,
      html,
      state: ssrStateScript(facts, renderedAt, id),
      data: { id, json },
      lang,
      colorScheme: settings.colorScheme,
      ...(model.kind === 'home' && { firstScreenEnd: HOME_FIRST_SCREEN_END }),
    };
  } finally {
    // Drops the queries and their garbage-collection timers.
    queryClient.clear();
  }
}

/**
 * The page model (`GET /api/page`, what the web server renders from) under the queries its page declares
 * (app/page-data.ts), so the components render from it without asking anything, and the browser hydrates from the
 * same keys (docs/architecture.md, "The page model"). `page-data.spec.tsx` fails when a declared query is left empty or
 * another is filled.
 */
export function putPageModel(queryClient: QueryClient, model: PageModel): void {
  const put = (options: { queryKey: readonly unknown[] }, data: unknown) =>
    queryClient.setQueryData(options.queryKey, data);
  put(publicSettingsQueryOptions(), model.settings);
  if (model.kind === 'search') {
    put(searchPageQueryOptions(model.data.q, model.data.offset), model.data);
    return;
  }
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

/**
 * Renders a standalone document (a sponsor report, the media kit: no app, no script; apps/web/server/report-pages.ts)
 * from its page model, or resolves null for any other kind of page.
 */
export async function renderDocument(model: PageModel): Promise<RenderedDocument | null> {
  if (model.kind !== 'sponsor-report' && model.kind !== 'media-kit') return null;
  const messages = await catalogue(model.settings.siteLanguage ?? DEFAULT_SITE_LANGUAGE, true);
  return renderStandalone(model, messages);
}

const compiled = new Map<string, Promise<PageMessages>>();

/** Each language's catalogue is compiled once per process (with the documents' texts, once more). */
function catalogue(lang: SiteLanguage, documents = false): Promise<PageMessages> {
  const key = `${lang}${documents ? ' documents' : ''}`;
  let messages = compiled.get(key);
  if (!messages) {
    messages = loadCatalogue(lang, documents);
    compiled.set(key, messages);
  }
  return messages;
}
