import { ADMIN_PATH, isSearchPath, videoIdFromWatchPath } from '@app/contracts/watch';
import { searchPageParams } from '@app/contracts/search-page';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HomeApp } from './app/home-app';
import { loadPageData } from './app/page-data';
import { publicSettingsQueryOptions, writeCachedSettings } from './features/settings/api/get-public-settings';
import { createQueryClient } from './lib/query-client';
import { fetchPageData, readBootFacts, readSsrRenderTime } from './ssr-state';
import { hydrateAt, hydrated } from './lib/render-time';
import { activateMessages } from './i18n/i18n';
import { DEFAULT_SITE_LANGUAGE } from '@app/contracts/site-language';
import { pageSiteLanguage } from './i18n/page-language';
import { readCachedSettings } from './features/settings/api/get-public-settings';
import { loadFullStylesheets } from './lib/full-stylesheets';
import { loginPrerendered, loginTakenOver } from './features/admin/login/prerendered-login';

/** Calls `onCommit` once React has put the page on the screen (hydrated it, or rendered it). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/**
 * A page the server rendered is hydrated with the data it was rendered with (fetched from the web server,
 * src/ssr-state.ts), or, when the web server no longer has it, with the API's answers now; else the browser
 * renders the page over the prerendered shell. A transition lets React yield while it builds the page, so no task
 * blocks input for long.
 */
async function start(
  container: HTMLElement,
  app: (queryClient: ReturnType<typeof createQueryClient>) => ReactElement,
  onCommit: () => void,
): Promise<void> {
  const committed = () => {
    hydrated();
    onCommit();
  };
  const page = (queryClient: ReturnType<typeof createQueryClient>) => (
    <StrictMode>
      <Committed onCommit={committed}>{app(queryClient)}</Committed>
    </StrictMode>
  );
  const queryClient = createQueryClient();
  const videoId = videoIdFromWatchPath(window.location.pathname);
  const rendered = readBootFacts() !== undefined;
  const data = await fetchPageData();
  let hydrating = false;
  if (data) {
    // The language the server rendered in, so hydration matches it.
    activateMessages(data.messages);
    hydrate(queryClient, data.state);
    hydrating = true;
  } else if (rendered) {
    // The rendering's data is gone from the web server: the API's answers now (the same unless the content
    // changed since; React then renders what differs) and the page's language.
    hydrating = await Promise.all([
      loadPageData(queryClient, pageOf(videoId), 'fetch'),
      withLanguage(pageSiteLanguage(document.documentElement.lang, undefined)),
    ]).then(
      () => true,
      () => false,
    );
    if (!hydrating) queryClient.clear();
  }
  if (hydrating) {
    // The settings came with the page: the local copy (colour scheme and fonts before the next first paint)
    // is kept as when the browser asks for them itself.
    const settings = queryClient.getQueryData(publicSettingsQueryOptions().queryKey);
    if (settings) writeCachedSettings(settings);
    // The dates count from when the server rendered the page until it is hydrated, so they match its HTML.
    hydrateAt(readSsrRenderTime());
    hydrateRoot(container, page(queryClient));
    return;
  }
  // Without the server's data (its rendering failed, or under a plain static host): everything the page
  // declares is asked for at once, not section after section as they mount.
  void loadPageData(queryClient, pageOf(videoId), 'prefetch').catch(() => undefined);
  const root = createRoot(container);
  await withLanguage(siteLanguage());
  startTransition(() => root.render(page(queryClient)));
}

/** Which page's data to ask for: a watch page's, the search page's (its query) or `/`'s. */
function pageOf(videoId: string | null) {
  if (videoId !== null) return { videoId };
  if (isSearchPath(window.location.pathname))
    return { search: searchPageParams(new URLSearchParams(window.location.search)) };
  return {};
}

/**
 * Without the server's rendering: the site's language as the web server put it in the page (even on a first
 * visit), else that of the settings this browser last saw, else English.
 */
function siteLanguage() {
  return pageSiteLanguage(document.documentElement.dataset.siteLanguage, readCachedSettings()?.siteLanguage);
}

/** Loads the language's catalogue (a chunk of its own) and makes it the page's. */
async function withLanguage(language: ReturnType<typeof siteLanguage>): Promise<void> {
  const { loadCatalogue } = await import('./i18n/load-catalogue');
  activateMessages(await loadCatalogue(language));
  document.documentElement.lang = language;
}

/**
 * Starts the page's app (issue 23: the boot script, main.ts, calls it when the page needs it): hydrates a page the
 * server rendered, else renders it. Resolves once React has committed it, so a click held back meanwhile can be
 * given to it.
 */
export function startApp(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const videoId = videoIdFromWatchPath(window.location.pathname);
  const watchApp = videoId === null ? undefined : import('./app/watch-app');
  const searchApp = isSearchPath(window.location.pathname) ? import('./app/search-app') : undefined;
  // The whole stylesheets first (the server sent only the rules of the first screen), while its chunk comes.
  return loadFullStylesheets().then(() => renderApp(container, videoId, watchApp, searchApp));
}

function renderApp(
  container: HTMLElement,
  videoId: string | null,
  watchApp: Promise<typeof import('./app/watch-app')> | undefined,
  searchApp: Promise<typeof import('./app/search-app')> | undefined,
): Promise<void> {
  return new Promise((resolve) => {
    const committed = () => resolve();
    if (searchApp) {
      const { q, offset } = searchPageParams(new URLSearchParams(window.location.search));
      void searchApp.then(({ SearchApp }) =>
        start(
          container,
          (queryClient) => <SearchApp q={q} offset={offset} queryClient={queryClient} />,
          committed,
        ),
      );
    } else if (window.location.pathname === '/') {
      void start(container, (queryClient) => <HomeApp queryClient={queryClient} />, committed);
    } else if (videoId !== null && watchApp) {
      void watchApp.then(({ WatchApp }) =>
        start(
          container,
          (queryClient) => <WatchApp videoId={videoId} queryClient={queryClient} />,
          committed,
        ),
      );
    } else if (loginPrerendered()) {
      // The login screen the server sent: hydrated in place (the dashboard stays in English, issue 26).
      const taken = () => {
        loginTakenOver();
        committed();
      };
      void Promise.all([import('./app/admin-login-app'), withLanguage(DEFAULT_SITE_LANGUAGE)]).then(
        ([{ hydrateAdminLogin }]) =>
          hydrateAdminLogin(container, (app) => (
            <StrictMode>
              <Committed onCommit={taken}>{app}</Committed>
            </StrictMode>
          )),
      );
    } else {
      // The dashboard stays in English (issue 26); the 404 page speaks the site's language.
      const language = window.location.pathname.startsWith(ADMIN_PATH)
        ? DEFAULT_SITE_LANGUAGE
        : siteLanguage();
      void Promise.all([import('./app/app'), withLanguage(language)]).then(([{ App }]) => {
        createRoot(container).render(
          <StrictMode>
            <Committed onCommit={committed}>
              <App />
            </Committed>
          </StrictMode>,
        );
      });
    }
  });
}
