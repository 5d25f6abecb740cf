import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/** Renders one component with the app's providers (query cache, toasts) and a memory router. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  const wrap = (node: ReactElement) => (
    <AppProvider queryClient={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </AppProvider>
  );
  const result = render(wrap(ui));
  return { ...result, queryClient, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}
