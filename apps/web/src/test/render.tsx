import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { theme } from '../app/theme';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders UI inside Mantine and a fresh query client (the app's defaults). */
export function renderWithProviders(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  const queryClient = createQueryClient();
  const result = render(ui, {
    ...options,
    wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>,
  });
  return { ...result, queryClient };
}

/** Renders the app's routes at `path`. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}
