import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCancelAnswer } from '@versus/common/api/admin';
import { apiClient } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** The engine's cancel command with an admin actor. */
export async function adminCancelMatch(matchId: number): Promise<string> {
  return (await apiClient.post<AdminCancelAnswer>(`/api/v1/admin/matches/${matchId}/cancel`)).data.message;
}

export function useAdminCancelMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminCancelMatch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.overview }),
  });
}
