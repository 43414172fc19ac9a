/**
 * Server rendering of the public pages (issue 15; docs/architecture.md): `/` and `/videos/{id}` rendered by the
 * same components the browser hydrates, with the data they show asked of the API over HTTP. Built by Vite into
 * `dist/apps/web-server/entry-server.mjs` and run by the web server (apps/web/server/page-renderer.ts); the browser picks the data
 * up from the web server (`fetchPageData`, src/ssr-state.ts) and hydrates.
 */
import { DEFAULT_SITE_LANGUAGE, type SiteLanguage } from '@app/contracts/site-language';
import { isServerRenderedPath, videoIdFromWatchPath } from '@app/contracts/watch';
import { dehydrate } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { HomeApp } from './app/home-app';
import { loadPageData } from './app/page-data';
import { WatchApp } from './app/watch-app';
import { videoDetailQueryOptions } from './features/videos/api/get-video-detail';
import { setApiOrigin } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { activateMessages, type PageMessages } from './i18n/i18n';
import { loadCatalogue } from './i18n/load-catalogue';
import { publicSettingsQueryOptions } from './features/settings/api/get-public-settings';
import { renderAt } from './lib/render-time';
import { bootFacts, ssrStateScript, type PageData } from './ssr-state';
import { liveStateQueryOptions } from './features/videos/api/get-live-state';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
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
 * Renders `pathname` with the API at `apiBase` (its internal address), or resolves null for a path that is not
 * rendered here. Rejects when the API does not answer: the web server then sends the last rendering or the shell.
 */
export async function render(pathname: string, apiBase: string): Promise<RenderedPage | null> {
  if (!isServerRenderedPath(pathname)) return null;
  const videoId = videoIdFromWatchPath(pathname);
  setApiOrigin(apiBase);
  const queryClient = createQueryClient();
  try {
    // Everything the page declares (app/page-data.ts), as its components ask for it (the same query keys).
    await loadPageData(queryClient, videoId, 'fetch');
    let status: RenderedPage['status'] = 200;
    let app: ReactElement;
    if (videoId === null) app = <HomeApp queryClient={queryClient} />;
    else {
      if (queryClient.getQueryData(videoDetailQueryOptions(videoId).queryKey) === null) status = 404;
      app = <WatchApp videoId={videoId} queryClient={queryClient} />;
    }
    const lang =
      queryClient.getQueryData(publicSettingsQueryOptions().queryKey)?.siteLanguage ?? DEFAULT_SITE_LANGUAGE;
    const messages = await catalogue(lang);
    // Nothing may come between the activation and the (synchronous) rendering: another request's page would
    // then render in this one's language.
    activateMessages(messages);
    // The moment the page's relative dates count from, written into the page for its hydration.
    const renderedAt = Date.now();
    const html = renderAt(renderedAt, () => renderToString(app));
    const json = JSON.stringify({ state: dehydrate(queryClient), messages } satisfies PageData);
    const id = createHash('sha256').update(json).digest('base64url').slice(0, 22);
    const settings = queryClient.getQueryData(publicSettingsQueryOptions().queryKey);
    const facts = bootFacts(
      settings ?? PUBLIC_SETTINGS_DEFAULTS,
      queryClient.getQueryData(liveStateQueryOptions().queryKey),
    );
    return {
      status,
      html,
      state: ssrStateScript(facts, renderedAt, id),
      data: { id, json },
      lang,
      colorScheme: (settings ?? PUBLIC_SETTINGS_DEFAULTS).colorScheme,
      ...(videoId === null && { firstScreenEnd: HOME_FIRST_SCREEN_END }),
    };
  } finally {
    // Drops the queries and their garbage-collection timers.
    queryClient.clear();
  }
}

const compiled = new Map<SiteLanguage, Promise<PageMessages>>();

/** Each language's catalogue is compiled once per process. */
function catalogue(lang: SiteLanguage): Promise<PageMessages> {
  let messages = compiled.get(lang);
  if (!messages) {
    messages = loadCatalogue(lang);
    compiled.set(lang, messages);
  }
  return messages;
}
