import { useState } from 'react';
import { PublicHome } from './home/home-page';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';

/**
 * The entry of `/`: the public page without the router, the admin area or the toast host, so
 * visitors download only what the page uses. Other paths load `App` (router, admin, 404).
 */
export function HomeApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient} withToaster={false} publicSite>
      <PublicHome />
    </AppProviders>
  );
}
