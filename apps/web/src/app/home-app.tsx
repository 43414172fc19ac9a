import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PublicHome } from './home/home-page';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';

/**
 * The entry of `/`: the public page without the router, the admin area or the toast host, so
 * visitors download only what the page uses. Other paths load `App` (router, admin, 404).
 * `queryClient`: the one the server rendered with, or the browser's filled from that rendering.
 */
export function HomeApp({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppProviders queryClient={queryClient} publicSite>
      <PublicHome />
    </AppProviders>
  );
}
