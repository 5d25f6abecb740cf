import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ticketKeys } from './get-ticket';

/** Adds a plain-text message to an open ticket (the match's players and admins). */
export async function postTicketMessage(id: number, message: string): Promise<void> {
  await apiClient.post(`/api/v1/tickets/${id}/messages`, { message });
}

export function usePostTicketMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => postTicketMessage(id, message),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(id) }),
  });
}
