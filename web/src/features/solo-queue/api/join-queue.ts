import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { JoinQueueAnswer } from '@versus/common/api/solo-queue';
import { soloQueueKeys } from './get-solo-queues';

export interface JoinResult {
  message: string;
  /** Set when this join filled the queue and formed the match. */
  matchId: number | null;
}

export async function joinQueue(queueId: number): Promise<JoinResult> {
  const response = await apiClient.post<JoinQueueAnswer>(`/api/v1/solo-queues/${queueId}/join`);
  return { message: response.data.message, matchId: response.data.data.matchId };
}

export function useJoinQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinQueue,
    onSettled: () => queryClient.invalidateQueries({ queryKey: soloQueueKeys.list }),
  });
}
