import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordAnswer, ForgotPasswordInput } from '@versus/common/api/auth';
import { apiClient } from '@/lib/api-client';

/** Asks for a reset link by mail; the answer is the same whether or not an account matches. */
export async function requestPasswordReset(input: ForgotPasswordInput): Promise<string> {
  return (await apiClient.post<ForgotPasswordAnswer>('/api/v1/auth/forgot-password', input)).data.message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
