import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, PasswordAnswer } from '@versus/common/api/users';
import { apiClient } from '@/lib/api-client';

export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const response = await apiClient.post<PasswordAnswer>('/api/v1/users/me/password', input);
  return response.data.message;
}

/** `POST /api/v1/users/me/password`; a wrong current password answers 422 `errors.currentPassword`. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
