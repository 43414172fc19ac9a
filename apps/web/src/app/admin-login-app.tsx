import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { createQueryClient } from '../lib/query-client';
import { App } from './app';
import { loadAdminPage } from './router';

/**
 * The login screen the server sends to a visitor of `/admin` without a session (features/admin/login/
 * prerendered-login.ts) is the app at `/admin` with nobody signed in. The build renders it (src/prerender-admin.tsx)
 * and the browser hydrates it, both with this query client, so both draw the same markup.
 */
export function signedOutQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  // The server sent this page for a request without the session cookie: nobody is signed in, so the app goes
  // straight to the form (no "Checking your session…" in between).
  queryClient.setQueryData(currentUserQueryOptions().queryKey, null);
  return queryClient;
}

/**
 * Hydrates the login screen in place: nothing moves, and a field keeps its focus and what was typed in it. The
 * admin area's chunk comes first, so nothing suspends. `wrap` adds what the page wraps every app in.
 */
export async function hydrateAdminLogin(
  container: HTMLElement,
  wrap: (app: ReactElement) => ReactElement,
): Promise<void> {
  const { preloadDashboard } = await loadAdminPage();
  hydrateRoot(container, wrap(<App queryClient={signedOutQueryClient()} />));
  // The app starts at the owner's first sign of intent (src/boot.ts): the dashboard comes while they sign in.
  preloadDashboard();
}
