import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { userKeys } from './user-keys';

export async function getAnticheatTokenStatus(): Promise<{ hasToken: boolean }> {
  const response = await apiClient.get<DataEnvelope<{ hasToken: boolean }>>('/api/v1/anticheat/token');
  return response.data.data;
}

/** Issues a new token (the old one stops working); the server keeps only its hash, so it is shown once. */
export async function renewAnticheatToken(): Promise<string> {
  const response = await apiClient.post<DataEnvelope<{ token: string }>>('/api/v1/anticheat/token');
  return response.data.data.token;
}

export const anticheatTokenQueryOptions = () =>
  queryOptions({ queryKey: userKeys.anticheatToken, queryFn: getAnticheatTokenStatus });

export function useAnticheatTokenStatus() {
  return useQuery(anticheatTokenQueryOptions());
}

export function useRenewAnticheatToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewAnticheatToken,
    onSuccess: () => queryClient.setQueryData(userKeys.anticheatToken, { hasToken: true }),
  });
}
