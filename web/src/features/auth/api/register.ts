import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope, User } from '@/types/api';
import { meQueryKey } from './get-me';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
}

/** Creates an account; the server signs the new user in at once. */
export async function register(input: RegisterInput): Promise<User> {
  const response = await apiClient.post<DataEnvelope<User>>('/api/v1/auth/register', input);
  return response.data.data;
}

/** Registers and stores the new user as the `me` answer. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
