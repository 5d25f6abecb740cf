import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsAnswer } from '@versus/common/api/users';
import { apiClient } from '@/lib/api-client';
import { ME_QUERY_KEY } from './user-keys';

/** The server reads the raw image body and recognises PNG, JPEG and WebP by their first bytes. */
export async function uploadAvatar(file: File): Promise<string> {
  const type = ['image/png', 'image/jpeg', 'image/webp'].includes(file.type)
    ? file.type
    : 'application/octet-stream';
  const response = await apiClient.post<SettingsAnswer>('/api/v1/users/me/avatar', file, {
    headers: { 'Content-Type': type },
  });
  return response.data.message;
}

/** `POST /api/v1/users/me/avatar` (at most 1 MB); refreshes the signed-in user and every profile. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['users', 'profile'] });
    },
  });
}
