import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { RegisterInput } from '@versus/common/api/auth';
import type { CurrentUser } from '@versus/common/api/users';
import type { DataEnvelope } from '@/types/api';
import { markJustRegistered } from '../utils/just-registered';
import { meQueryKey } from '@/lib/auth/get-me';

/** Creates an account; the server signs the new user in at once. */
export async function register(input: RegisterInput): Promise<CurrentUser> {
  const response = await apiClient.post<DataEnvelope<CurrentUser>>('/api/v1/auth/register', input);
  return response.data.data;
}

/** Registers and stores the new user as the `me` answer. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      markJustRegistered();
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}
