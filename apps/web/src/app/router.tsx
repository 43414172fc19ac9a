import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { HomePage } from '../features/home/components/home-page';
import { PublicLayout } from './public-layout';

// The admin area is a chunk of its own so that visitors of the public pages never load it.
const AdminPage = lazy(() =>
  import('../features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })),
);

function PageLoader() {
  return (
    <Center mih="100vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [{ path: '/', element: <HomePage /> }],
  },
  {
    path: '/admin',
    element: (
      <Suspense fallback={<PageLoader />}>
        <AdminPage />
      </Suspense>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const createAppRouter = () => createBrowserRouter(routes);
