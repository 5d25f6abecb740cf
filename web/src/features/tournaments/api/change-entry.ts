import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { tournamentKeys } from './tournament-keys';

export type EntryAction = 'signup' | 'withdraw';

/** A captain signs a team up or withdraws it, until the sign-up deadline. */
export async function changeEntry(slug: string, action: EntryAction, teamId: number): Promise<string> {
  return (await apiClient.post<{ message: string }>(`/api/v1/tournaments/${slug}/${action}`, { teamId })).data
    .message;
}

export function useChangeEntry(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, teamId }: { action: EntryAction; teamId: number }) =>
      changeEntry(slug, action, teamId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tournamentKeys.all }),
  });
}
