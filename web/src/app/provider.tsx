import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';

interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** App-wide context. The toast container sits outside the router so toasts survive navigation. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Spec section 9: top-right, 5 s auto-close; react-toastify's defaults give the 300 ms collapse. Its
          default region name, "Notifications Alt+T", would clash with the Notifications panel. */}
      <ToastContainer position="top-right" autoClose={5000} theme="dark" aria-label="Messages Alt+T" />
    </QueryClientProvider>
  );
}
