import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { LoginInput } from '@versus/common/api/auth';
import type { CurrentUser } from '@versus/common/api/users';
import type { DataEnvelope } from '@/types/api';
import { meQueryKey } from '@/lib/auth/get-me';

/** Signs in; the server answers 422 with `errors.username` for wrong credentials and 429 when throttled. */
export async function login(input: LoginInput): Promise<CurrentUser> {
  const response = await apiClient.post<DataEnvelope<CurrentUser>>('/api/v1/auth/login', input);
  return response.data.data;
}

/** Signs in and stores the user as the `me` answer, so the header updates without another request. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
