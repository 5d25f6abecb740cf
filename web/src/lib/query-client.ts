import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from './api-error';

/** A fresh query client; the app makes one, each test makes its own so caches never leak between tests. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change by asking again; network blips and 5xx get two more tries.
        retry: (failureCount, error) => {
          const status = errorStatus(error);
          return (status === undefined || status >= 500) && failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
