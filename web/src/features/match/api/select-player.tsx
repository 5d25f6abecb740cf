import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SafeHtml } from '@/components/ui/safe-html';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { matchKeys } from './match-keys';

export const UNKNOWN_PICK_ERROR = 'Unknown error occured, please contact a system administrator.';

export async function selectPlayer(matchId: number, userId: number): Promise<string | null> {
  const response = await apiClient.post<{ message?: string }>(`/api/v1/pug/${matchId}/select/${userId}`);
  return response.data.message ?? null;
}

/** A captain picks a player: the server's HTML message as an info toast, or the spec's error toast. */
export function useSelectPlayer(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => selectPlayer(matchId, userId),
    onSuccess: (message) => {
      if (message) notify.info(<SafeHtml html={message} />);
    },
    onError: (error) => notify.error(errorMessage(error, UNKNOWN_PICK_ERROR)),
    // This tab's own broadcast skips it (X-Socket-ID), so it refetches itself.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: matchKeys.all(matchId) }),
  });
}
