import type { ApiToken, CreateApiTokenBody } from '@versus/common/api/api-tokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { userKeys } from './user-keys';

export async function getApiTokens(): Promise<ApiToken[]> {
  const response = await apiClient.get<DataEnvelope<ApiToken[]>>('/api/v1/users/me/api-tokens');
  return response.data.data;
}

export function useApiTokens() {
  return useQuery({ queryKey: userKeys.apiTokens, queryFn: getApiTokens });
}

/** Makes a token; the answer holds the token itself, shown once (only its hash is kept). */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiTokenBody) => {
      const response = await apiClient.post<DataEnvelope<{ token: string; apiToken: ApiToken }>>(
        '/api/v1/users/me/api-tokens',
        body,
      );
      return response.data.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.apiTokens }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const response = await apiClient.delete<{ message: string }>(`/api/v1/users/me/api-tokens/${id}`);
      return response.data.message;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.apiTokens }),
  });
}
