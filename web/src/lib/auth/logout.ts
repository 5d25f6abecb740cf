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

/** Ends every session of the user, this one included, on every device (and their live connections). */
export async function logoutEverywhere(): Promise<void> {
  try {
    await apiClient.post('/api/v1/auth/logout-everywhere');
  } catch (error) {
    if (errorStatus(error) !== 401) throw error;
  }
}

/** Signs out and forgets every cached answer, since they were fetched as the previous user. */
function useSignOut(mutationFn: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      const meHash = hashKey(meQueryKey);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}

export function useLogout() {
  return useSignOut(logout);
}

export function useLogoutEverywhere() {
  return useSignOut(logoutEverywhere);
}
