import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { routes } from './routes';

// Made once at module load: the app mounts once, and a router made inside render would reset on re-render.
const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

/** The whole app as mounted in #app. */
export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
