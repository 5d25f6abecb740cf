import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DeclinePopAnswer } from '@versus/common/api/solo-queue';
import { queueStatusKeys, withOffset } from './get-queue-status';
import { soloQueueKeys } from './get-solo-queues';

export async function declinePop(popId: number): Promise<DeclinePopAnswer> {
  return (await apiClient.post<DeclinePopAnswer>(`/api/v1/solo-queues/pops/${popId}/decline`)).data;
}

/** Declines the pop (the player leaves the queue); the answer's status closes the dialog at once. */
export function useDeclinePop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declinePop,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(queueStatusKeys.me, withOffset(data.status));
      void queryClient.invalidateQueries({ queryKey: soloQueueKeys.list });
    },
  });
}
