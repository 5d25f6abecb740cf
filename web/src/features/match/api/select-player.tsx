import type { PickSelectAnswer } from '@versus/common/api/pick';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SafeHtml } from '@/components/ui/safe-html';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { matchKeys } from './match-keys';

export const UNKNOWN_PICK_ERROR = 'Unknown error occured, please contact a system administrator.';

/**
 * A pick's answer: the HTML message and the pick data after the pick (what `GET /api/v1/pug/{matchId}/users`
 * answers), so the clicking tab, whose own broadcast the server skips, needs no refetch. An older server
 * sends no `data`.
 */
export type SelectPlayerAnswer = Partial<PickSelectAnswer>;

export async function selectPlayer(matchId: number, userId: number): Promise<SelectPlayerAnswer> {
  const response = await apiClient.post<SelectPlayerAnswer>(`/api/v1/pug/${matchId}/select/${userId}`);
  return response.data;
}

/**
 * A captain picks a player: the server's HTML message as an info toast, or the error toast. The server
 * excepts this tab (its `X-Socket-ID`) from the pick broadcast and answers with the pick data instead,
 * which goes straight into the cache; only without it (an older server) or after a refusal is the pick
 * data refetched.
 */
export function useSelectPlayer(matchId: number) {
  const queryClient = useQueryClient();
  const refetchPick = () => void queryClient.invalidateQueries({ queryKey: matchKeys.pick(matchId) });
  return useMutation({
    mutationFn: (userId: number) => selectPlayer(matchId, userId),
    onSuccess: ({ message, data }) => {
      if (data) queryClient.setQueryData(matchKeys.pick(matchId), data);
      else refetchPick();
      if (message) notify.info(<SafeHtml html={message} />);
    },
    onError: (error) => {
      notify.error(errorMessage(error, UNKNOWN_PICK_ERROR));
      refetchPick();
    },
  });
}
