import type { CanDispute } from '@versus/common/api/disputes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import type { DataEnvelope } from '@/types/api';
import { matchKeys } from './match-keys';

export type { CanDispute };

export async function getCanDispute(matchId: number): Promise<CanDispute> {
  const response = await apiClient.get<DataEnvelope<CanDispute>>(
    `/api/v1/match-detail/dispute/${matchId}/can-dispute`,
  );
  return response.data.data;
}

export function useCanDispute(matchId: number, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: matchKeys.canDispute(matchId), queryFn: () => getCanDispute(matchId), enabled }),
  );
}

/** Matches this tab opened a dispute on: its own `OnMatchDetailDisputed` needs no second warning. */
const disputingHere = new Set<number>();

/** Whether this tab opened the dispute on match `id` (it already showed the success message). */
export function isDisputingHere(id: number): boolean {
  return disputingHere.has(id);
}

/** Opens a dispute; the server's success message is shown, failures with the spec's prefix. */
export function useOpenDispute(matchId: number, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (description: string) => {
      const response = await apiClient.post<{ message?: string }>(`/api/v1/match-detail/dispute/${matchId}`, {
        description,
      });
      return response.data.message ?? null;
    },
    // Before the call: the broadcast may arrive before the answer.
    onMutate: () => {
      disputingHere.add(matchId);
    },
    onSuccess: (message) => {
      if (message) notify.success(message);
      onDone();
    },
    onError: (error) => {
      disputingHere.delete(matchId);
      notify.error(`An error has occurred: ${errorMessage(error)}`);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: matchKeys.all(matchId) }),
  });
}
