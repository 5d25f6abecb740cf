// Disputes: a match player opens one ticket per match (→ 6); an admin resolves it with a final score
// (→ 5, ratings follow, an earlier finish's rating change is reversed first) or a cancellation (→ 7).
// The status change and the ticket row are written in one transaction under the match's row lock.
import { domainError } from '@versus/common/match/errors';
import { canDispute, isMatchPlayer } from '@versus/common/match/policies';
import type { UserRow } from '../../db/schema/index.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { domainErrorToHttp } from '../matches/match-errors.ts';
import { findRuledMatch } from '../matches/match-rules.ts';
import { runMatchCommand } from '../matches/match-runner.ts';
import { actorOf, viewerOf } from '../matches/match.service.ts';
import { toMapScores } from '../scores/score.service.ts';
import type { ResolveInput } from './dispute.schemas.ts';
import {
  findTicket,
  findTicketOfMatch,
  insertTicket,
  insertTicketMessage,
  markTicketResolved,
  ticketMessagesOf,
} from './ticket.repository.ts';
import { presentTicket, presentTicketMessage } from './ticket.presenter.ts';

export const DISPUTE_TEXTS = {
  opened: 'Dispute was opened successfully',
  alreadyOpened: 'This match already has a dispute ticket.',
  resolved: 'The dispute was resolved successfully',
  ticketNotFound: 'Ticket not found.',
  ticketForbidden: 'Only the players of this match and admins can see this ticket.',
  resolveForbidden: 'Only admins can resolve a dispute.',
  ticketClosed: 'This ticket is resolved; it takes no more messages.',
} as const;

export async function getCanDispute(engine: MatchEngine, matchId: number, user: UserRow | null) {
  const record = await findRuledMatch(engine, matchId);
  const ticket = await findTicketOfMatch(engine.db, matchId);
  return {
    canDispute: ticket === null && canDispute(record.state, viewerOf(user), engine.now()),
    ticket: ticket ? { id: ticket.id } : null,
  };
}

export async function openDispute(engine: MatchEngine, user: UserRow, matchId: number, description: string) {
  let ticketId = 0;
  await runMatchCommand(
    engine,
    matchId,
    { type: 'dispute.open', actor: actorOf(user) },
    async (tx, _outcome, before) => {
      if (await findTicketOfMatch(tx, matchId)) {
        throw domainErrorToHttp(domainError('wrong-status', DISPUTE_TEXTS.alreadyOpened));
      }
      const ticket = await insertTicket(tx, {
        matchId,
        openedByUserId: user.id,
        description,
        previousStatusId: before.statusId,
        now: new Date(engine.now()),
      });
      ticketId = ticket.id;
    },
  );
  return { message: DISPUTE_TEXTS.opened, data: { ticket: { id: ticketId } } };
}

export async function resolveDispute(
  engine: MatchEngine,
  user: UserRow,
  ticketId: number,
  input: ResolveInput,
) {
  const ticket = await findTicket(engine.db, ticketId);
  if (!ticket) throw new NotFoundError(DISPUTE_TEXTS.ticketNotFound);
  if (user.role !== 'admin') throw new ForbiddenError(DISPUTE_TEXTS.resolveForbidden);
  const resolution =
    input.result === 'score'
      ? { kind: 'score' as const, scores: await toMapScores(engine, ticket.matchId, input.scores) }
      : { kind: 'cancel' as const };
  await runMatchCommand(
    engine,
    ticket.matchId,
    { type: 'dispute.resolve', actor: actorOf(user), resolution },
    async (tx) => {
      const marked = await markTicketResolved(tx, ticket.id, {
        resolution: input.result === 'score' ? 'score' : 'cancelled',
        note: input.note?.trim() || null,
        byUserId: user.id,
        now: new Date(engine.now()),
      });
      if (!marked) throw new ConflictError('This ticket is already resolved.');
    },
  );
  return { message: DISPUTE_TEXTS.resolved };
}

/** The ticket and its match, for a viewer allowed to read it (the match's players and admins). */
async function readableTicket(engine: MatchEngine, user: UserRow, ticketId: number) {
  const ticket = await findTicket(engine.db, ticketId);
  if (!ticket) throw new NotFoundError(DISPUTE_TEXTS.ticketNotFound);
  const record = await findRuledMatch(engine, ticket.matchId);
  const viewer = viewerOf(user);
  if (!viewer.isAdmin && !isMatchPlayer(record.state, viewer)) {
    throw new ForbiddenError(DISPUTE_TEXTS.ticketForbidden);
  }
  return { ticket, record, viewer };
}

/** Adds a message to an open ticket; whoever may read the ticket may write on it. */
export async function postTicketMessage(
  engine: MatchEngine,
  user: UserRow,
  ticketId: number,
  message: string,
) {
  const { ticket } = await readableTicket(engine, user, ticketId);
  if (ticket.status !== 'open') throw new ConflictError(DISPUTE_TEXTS.ticketClosed);
  const row = await insertTicketMessage(engine.db, {
    ticketId,
    userId: user.id,
    message,
    now: new Date(engine.now()),
  });
  return presentTicketMessage(row, user);
}

export async function getTicket(engine: MatchEngine, user: UserRow, ticketId: number) {
  const { ticket, record, viewer } = await readableTicket(engine, user, ticketId);
  const messages = await ticketMessagesOf(engine.db, ticket.id);
  return presentTicket(ticket, record, messages, viewer);
}
