import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ADMIN_PATH } from '@app/contracts/watch';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { PublicHome } from './home/home-page';

// The admin area is a chunk of its own so that visitors of the public pages never load it.
let adminPageModule: typeof import('../features/admin/shell/admin-page') | undefined;
/**
 * Fetches the admin area's chunk. Once it is here the route renders it at once, without a Suspense boundary: the
 * login screen the server sent (features/admin/login/prerendered-login.ts) is hydrated in one pass, as the build
 * rendered it (React hydrates a boundary in a pass of its own, after the rest of the page).
 */
export const loadAdminPage = () =>
  import('../features/admin/shell/admin-page').then((m) => (adminPageModule = m));
const LazyAdminPage = lazy(() => loadAdminPage().then((m) => ({ default: m.AdminPage })));

function AdminRoute() {
  if (adminPageModule) return <adminPageModule.AdminPage />;
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyAdminPage />
    </Suspense>
  );
}

function PageLoader() {
  return (
    <Center mih="100vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}

/**
 * The routes of `App` (the web server answers 404 for any path they show the not-found page for: `isSitePagePath`). A visit to `/` itself starts with `HomeApp` (start-app.tsx) and never loads
 * this router; `/` is here for in-app links such as the admin's "Back to site".
 */
export const routes: RouteObject[] = [
  { path: '/', element: <PublicHome /> },
  {
    path: ADMIN_PATH,
    element: <AdminRoute />,
  },
  { path: '*', element: <NotFoundPage /> },
];

export const createAppRouter = () => createBrowserRouter(routes);
