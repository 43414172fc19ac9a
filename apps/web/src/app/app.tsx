import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { Toaster } from '../components/toaster';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/**
 * The router, the admin area and the 404 page. `queryClient` and `router`: the ones a rendering was made with (the
 * login screen the build rendered, prerender-admin.tsx); by default the browser's own.
 */
export function App({
  queryClient: givenClient,
  router: givenRouter,
}: {
  queryClient?: QueryClient;
  router?: ReturnType<typeof createBrowserRouter>;
}) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const [router] = useState(() => givenRouter ?? createAppRouter());
  return (
    <AppProviders queryClient={queryClient} toaster={<Toaster />}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
