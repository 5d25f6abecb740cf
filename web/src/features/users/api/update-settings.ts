import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ME_QUERY_KEY } from './user-keys';

export interface SettingsInput {
  flag?: string | null;
}

export async function updateSettings(input: SettingsInput): Promise<string> {
  const response = await apiClient.patch<{ message: string }>('/api/v1/users/me', input);
  return response.data.message;
}

/** `PATCH /api/v1/users/me`; refreshes the signed-in user and every profile. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['users', 'profile'] });
    },
  });
}
