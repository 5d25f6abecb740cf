import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { createRoutes, prefetchForPath } from './routes';

// Made once at module load: the app mounts once, and a router made inside render would reset on re-render.
const queryClient = createQueryClient();
prefetchForPath(queryClient, window.location.pathname);
const router = createBrowserRouter(createRoutes(queryClient));

/** The whole app as mounted in #app. */
export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
