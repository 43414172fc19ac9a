import { renderToString } from 'react-dom/server';
import { AppProviders } from './app/providers';
import { PublicHome } from './app/home/home-page';
import { createQueryClient } from './lib/query-client';
import { activateMessages } from './i18n/i18n';
import { loadCatalogue } from './i18n/load-catalogue';

/**
 * The home page as it first renders (every section loading), as static HTML for index.html: the
 * top bar and hero paint before any script runs. The browser's React replaces it on start.
 */
export async function render(): Promise<string> {
  // The shell is English: the server's rendering of `/` replaces it in the site's language.
  activateMessages(await loadCatalogue('en'));
  const queryClient = createQueryClient();
  try {
    return renderToString(
      <AppProviders queryClient={queryClient} publicSite>
        <PublicHome prerender />
      </AppProviders>,
    );
  } finally {
    // Drops the queries and their garbage-collection timers, which would keep the build alive.
    queryClient.clear();
  }
}
