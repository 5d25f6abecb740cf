import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetPasswordAnswer, ResetPasswordInput } from '@versus/common/api/auth';
import { apiClient } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth/get-me';

/** Sets a new password with the mailed link's token. Answers the server's message. */
export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  return (await apiClient.post<ResetPasswordAnswer>('/api/v1/auth/reset-password', input)).data.message;
}

/** A reset ends every session of the account (this browser's too, if it was signed in as it). */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
