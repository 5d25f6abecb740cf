import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

/** Renders the whole app (real routes, providers and toasts) at `path`, with a fresh query cache. */
export function renderApp(path = '/') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, queryClient, router };
}
