import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { soloQueueKeys } from './get-solo-queues';

export async function leaveQueue(queueId: number): Promise<string> {
  return (await apiClient.post<{ message: string }>(`/api/v1/solo-queues/${queueId}/leave`)).data.message;
}

export function useLeaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveQueue,
    onSettled: () => queryClient.invalidateQueries({ queryKey: soloQueueKeys.list }),
  });
}
