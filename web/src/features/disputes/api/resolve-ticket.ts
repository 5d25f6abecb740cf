import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Resolution } from '@versus/common/api/disputes';
import { ticketKeys } from './get-ticket';

/** An admin settles the dispute with a final score or by cancelling the match. */
export async function resolveTicket(id: number, resolution: Resolution): Promise<string> {
  return (await apiClient.post<{ message: string }>(`/api/v1/tickets/${id}/resolve`, resolution)).data
    .message;
}

export function useResolveTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resolution: Resolution) => resolveTicket(id, resolution),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(id) }),
  });
}
