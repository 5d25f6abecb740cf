import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorStatus } from '@/lib/api-error';
import { meQueryKey } from './get-me';

/** Ends the session. A 401 means it had already ended, which is what the caller wanted. */
export async function logout(): Promise<void> {
  try {
    await apiClient.post('/api/v1/auth/logout');
  } catch (error) {
    if (errorStatus(error) !== 401) throw error;
  }
}

/** Signs out and forgets every cached answer, since they were fetched as the previous user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      const meHash = hashKey(meQueryKey);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
