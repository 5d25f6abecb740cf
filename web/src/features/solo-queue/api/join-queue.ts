import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { JoinQueueAnswer } from '@versus/common/api/solo-queue';
import { soloQueueKeys } from './get-solo-queues';
import { queueStatusKeys, withOffset } from './get-queue-status';

export interface JoinResult {
  message: string;
  /** Set when this join filled the queue: the pop (ready check) it started. */
  popId: number | null;
}

export async function joinQueue(queueId: number): Promise<JoinQueueAnswer> {
  return (await apiClient.post<JoinQueueAnswer>(`/api/v1/solo-queues/${queueId}/join`)).data;
}

/** Joins a queue; the header's queue status updates from the answer at once. */
export function useJoinQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (queueId: number): Promise<JoinResult> => {
      const { message, data } = await joinQueue(queueId);
      queryClient.setQueryData(queueStatusKeys.me, withOffset(data.status));
      return { message, popId: data.status.pop?.id ?? null };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: soloQueueKeys.list }),
  });
}
