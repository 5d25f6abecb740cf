import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsAnswer, UpdateSettingsInput } from '@versus/common/api/users';
import { apiClient } from '@/lib/api-client';
import { ME_QUERY_KEY } from './user-keys';

export async function updateSettings(input: UpdateSettingsInput): Promise<string> {
  const response = await apiClient.patch<SettingsAnswer>('/api/v1/users/me', input);
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
