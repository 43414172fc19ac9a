import { renderToString } from 'react-dom/server';
import { AppProviders } from './app/providers';
import { PublicHome } from './app/home/home-page';
import { createQueryClient } from './lib/query-client';

/**
 * The home page as it first renders (every section loading), as static HTML for index.html: the
 * top bar and hero paint before any script runs. The browser's React replaces it on start.
 */
export function render(): string {
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
