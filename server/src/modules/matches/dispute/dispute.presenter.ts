// The `/ticket/{id}` page: the dispute, its match and its messages, and whether the viewer may resolve it.
import type { Ticket, TicketMessage, TicketPerson } from '@versus/common/api/disputes';
import { canResolveDispute } from '@versus/common/match/policies';
import type { Viewer } from '@versus/common/match/policies';
import { statusName } from '@versus/common/match/statuses';
import type { TicketMessageRow, TicketRow, UserRow } from '../../../db/schema/index.ts';
import type { MatchRecord } from '../core/match-state.mapper.ts';
import { formatUsername } from '../../users/index.ts';

const person = (u: UserRow | null | undefined): TicketPerson | null =>
  u ? { id: u.id, username: u.username, formattedUsername: formatUsername(u) } : null;

export function presentDispute(
  ticket: TicketRow,
  record: MatchRecord,
  messages: { message: TicketMessageRow; user: UserRow | null }[],
  viewer: Viewer,
): Ticket {
  const { state } = record;
  const openedBy = ticket.openedByUserId === null ? null : record.users.get(ticket.openedByUserId);
  return {
    id: ticket.id,
    status: ticket.status,
    /** Plain text; the client renders it as text, never as HTML. */
    description: ticket.description,
    resolution: ticket.resolution,
    resolutionNote: ticket.resolutionNote,
    createdAt: ticket.createdAt.toISOString(),
    resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
    openedBy: person(openedBy) ?? (ticket.openedByUserId === null ? null : { id: ticket.openedByUserId }),
    match: {
      id: state.id,
      url: `/match/${String(state.id)}`,
      statusId: state.statusId,
      statusName: statusName(state.statusId),
      challengerName: state.challenger.name,
      opponentName: state.opponent.name,
      score: { challenger: state.score.challengerMaps, opponent: state.score.opponentMaps },
    },
    messages: messages.map(({ message, user }) => presentDisputeMessage(message, user)),
    canResolve: canResolveDispute(state, viewer),
  };
}

/** One message on the ticket; plain text, rendered as text by the client. */
export function presentDisputeMessage(message: TicketMessageRow, user: UserRow | null): TicketMessage {
  return {
    id: message.id,
    message: message.message,
    user: person(user),
    createdAt: message.createdAt.toISOString(),
  };
}
