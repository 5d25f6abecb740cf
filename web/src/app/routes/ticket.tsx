import { useParams } from 'react-router';
import { TicketView } from '@/features/disputes/components/ticket-view';
import { NotFoundRoute } from './not-found';

/** `/ticket/:id`: a dispute ticket (the server decides who may read it). */
export function TicketRoute() {
  const { id } = useParams();
  const ticketId = Number(id);
  if (!Number.isSafeInteger(ticketId) || ticketId <= 0) return <NotFoundRoute />;
  return <TicketView key={ticketId} id={ticketId} />;
}
