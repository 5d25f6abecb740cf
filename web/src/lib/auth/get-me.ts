import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorStatus } from '@/lib/api-error';
import type { CurrentUser } from '@versus/common/api/users';
import type { DataEnvelope } from '@/types/api';

export const meQueryKey = ['auth', 'me'] as const;

/** The signed-in user, or null when signed out (the server answers 401). */
export async function getMe(): Promise<CurrentUser | null> {
  try {
    const response = await apiClient.get<DataEnvelope<CurrentUser>>('/api/v1/auth/me');
    return response.data.data;
  } catch (error) {
    if (errorStatus(error) === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, retry: false });

/** Auth state for any component: `data` is the user, null when signed out, undefined while loading. */
export function useMe() {
  return useQuery(meQueryOptions());
}
