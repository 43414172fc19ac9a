import { videoIdFromWatchPath } from '@app/contracts/watch';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HomeApp } from './app/home-app';
import { loadPageData } from './app/page-data';
import { publicSettingsQueryOptions, writeCachedSettings } from './features/settings/api/get-public-settings';
import { createQueryClient } from './lib/query-client';
import { readSsrMessages, readSsrState } from './ssr-state';
import { activateMessages } from './i18n/i18n';
import { DEFAULT_SITE_LANGUAGE } from '@app/contracts/site-language';
import { pageSiteLanguage } from './i18n/page-language';
import { readCachedSettings } from './features/settings/api/get-public-settings';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * A page the server rendered (its data is in the page) is hydrated; else the browser renders it over the
 * prerendered shell. A transition lets React yield while it builds the page, so no task blocks input for long.
 */
function start(app: (queryClient: ReturnType<typeof createQueryClient>) => ReactElement): void {
  const queryClient = createQueryClient();
  const state = readSsrState();
  const messages = readSsrMessages();
  if (state && messages) {
    // The language the server rendered in, so hydration matches it.
    activateMessages(messages);
    hydrate(queryClient, state);
    // The settings came with the page: the local copy (colour scheme and fonts before the next first paint)
    // is kept as when the browser asks for them itself.
    const settings = queryClient.getQueryData(publicSettingsQueryOptions().queryKey);
    if (settings) writeCachedSettings(settings);
    hydrateRoot(container!, <StrictMode>{app(queryClient)}</StrictMode>);
    return;
  }
  // Without the server's data (its rendering failed, or under a plain static host): everything the page
  // declares is asked for at once, not section after section as they mount.
  void loadPageData(queryClient, videoIdFromWatchPath(window.location.pathname), 'prefetch').catch(
    () => undefined,
  );
  const root = createRoot(container!);
  void withLanguage(siteLanguage()).then(() =>
    startTransition(() => root.render(<StrictMode>{app(queryClient)}</StrictMode>)),
  );
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

const videoId = videoIdFromWatchPath(window.location.pathname);
if (window.location.pathname === '/') {
  start((queryClient) => <HomeApp queryClient={queryClient} />);
} else if (videoId !== null) {
  void import('./app/watch-app').then(({ WatchApp }) =>
    start((queryClient) => <WatchApp videoId={videoId} queryClient={queryClient} />),
  );
} else {
  // The dashboard stays in English (issue 26); the 404 page speaks the site's language.
  const language = window.location.pathname.startsWith('/admin') ? DEFAULT_SITE_LANGUAGE : siteLanguage();
  void Promise.all([import('./app/app'), withLanguage(language)]).then(([{ App }]) =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
