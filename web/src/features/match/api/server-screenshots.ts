import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { matchKeys } from './match-keys';

/**
 * Asks the match's game server for a screenshot of every player (`'all'`) or of one player by user id
 * (admins; captains while live).
 */
export function useRequestServerScreenshots(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: 'all' | number) => {
      const response = await apiClient.post<{ data: { requested: number; remaining: number | null } }>(
        `/api/v1/match/${matchId}/screenshots/request`,
        { target },
      );
      return response.data.data;
    },
    onSuccess: ({ requested, remaining }) => {
      const left = remaining === null ? '' : ` (${remaining} left on this map)`;
      const of =
        requested === 1 ? 'A screenshot of 1 player was' : `Screenshots of ${requested} players were`;
      notify.success(`${of} asked for${left}.`);
      // They arrive within seconds; the modal's Refresh Screenshots shows them.
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: [...matchKeys.all(matchId), 'screenshots'] }),
        3000,
      );
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
