import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toasts } from './toasts';

interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** App-wide context. The toast container sits outside the router so toasts survive navigation. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
