import type { Ticket } from '@versus/common/api/disputes';
import { ticketChannel } from '@versus/common/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useChannelEvent } from '@/hooks/use-echo';
import { ticketKeys } from '../api/get-ticket';

/**
 * Appends each new message of the ticket as it is written (`OnTicketMessage` on the ticket's private
 * channel), so a reply shows without a reload; `ticketId` null (not readable yet) listens to nothing.
 * Returns whether the channel is subscribed.
 */
export function useTicketLive(ticketId: number | null): boolean {
  const queryClient = useQueryClient();
  const key = ticketKeys.ticket(ticketId ?? 0);
  return useChannelEvent(
    ticketId === null ? null : ticketChannel(ticketId),
    'OnTicketMessage',
    ({ message }) =>
      queryClient.setQueryData<Ticket>(key, (ticket) =>
        !ticket || ticket.messages.some((m) => m.id === message.id)
          ? ticket
          : { ...ticket, messages: [...ticket.messages, message] },
      ),
    { refetch: [key] },
  );
}
