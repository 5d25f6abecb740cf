import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { LeaveQueueAnswer } from '@versus/common/api/solo-queue';
import { soloQueueKeys } from './get-solo-queues';
import { queueStatusKeys, withOffset } from './get-queue-status';

export async function leaveQueue(queueId: number): Promise<LeaveQueueAnswer> {
  return (await apiClient.post<LeaveQueueAnswer>(`/api/v1/solo-queues/${queueId}/leave`)).data;
}

/** Leaves the queue (from the queue page or the header); resolves to the server's message. */
export function useLeaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (queueId: number): Promise<string> => {
      const { message, data } = await leaveQueue(queueId);
      queryClient.setQueryData(queueStatusKeys.me, withOffset(data.status));
      return message;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: soloQueueKeys.list }),
  });
}
