import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ADMIN_PATH } from '@app/contracts/watch';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { PublicHome } from './home/home-page';

// The admin area is a chunk of its own so that visitors of the public pages never load it.
const AdminPage = lazy(() =>
  import('../features/admin/shell/admin-page').then((m) => ({ default: m.AdminPage })),
);

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
    element: (
      <Suspense fallback={<PageLoader />}>
        <AdminPage />
      </Suspense>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const createAppRouter = () => createBrowserRouter(routes);
