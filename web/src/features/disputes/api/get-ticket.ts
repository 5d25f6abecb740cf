import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { Ticket } from '@versus/common/api/disputes';

export const ticketKeys = {
  ticket: (id: number) => ['tickets', id] as const,
  sheet: (matchId: number) => ['tickets', 'score-sheet', matchId] as const,
};

export async function getTicket(id: number): Promise<Ticket> {
  return (await apiClient.get<DataEnvelope<Ticket>>(`/api/v1/tickets/${id}`)).data.data;
}

export const ticketQueryOptions = (id: number) =>
  queryOptions({ queryKey: ticketKeys.ticket(id), queryFn: () => getTicket(id) });

export function useTicket(id: number) {
  return useQuery(ticketQueryOptions(id));
}
