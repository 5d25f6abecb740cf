import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TournamentEntryAnswer, TournamentEntryInput } from '@versus/common/api/tournaments';
import { apiClient } from '@/lib/api-client';
import { tournamentKeys } from '@/lib/tournaments/tournament-keys';

export type EntryAction = 'signup' | 'withdraw' | 'check-in';

/** A captain signs a team up or withdraws it (until the sign-up deadline), or checks it in (in the window). */
export async function changeEntry(slug: string, action: EntryAction, teamId: number): Promise<string> {
  const body: TournamentEntryInput = { teamId };
  return (await apiClient.post<TournamentEntryAnswer>(`/api/v1/tournaments/${slug}/${action}`, body)).data
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
