import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AcceptPopAnswer } from '@versus/common/api/solo-queue';
import { queueStatusKeys, withOffset } from './get-queue-status';

export async function acceptPop(popId: number): Promise<AcceptPopAnswer> {
  return (await apiClient.post<AcceptPopAnswer>(`/api/v1/solo-queues/pops/${popId}/accept`)).data;
}

/** Accepts the pop; the answer's status shows at once (the broadcast follows for the other tabs). */
export function useAcceptPop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptPop,
    onSuccess: ({ data }) => queryClient.setQueryData(queueStatusKeys.me, withOffset(data.status)),
  });
}
