// Disputes: a match player opens one ticket per match (→ 6); an admin resolves it with a final score
// (→ 5, ratings follow, an earlier finish's rating change is reversed first) or a cancellation (→ 7).
// The status change and the ticket row are written in one transaction under the match's row lock.
import type { CanDispute } from '@versus/common/api/disputes';
import { domainError } from '@versus/common/match/errors';
import { canDispute, isMatchPlayer } from '@versus/common/match/policies';
import type { UserRow } from '../../../db/schema/index.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../errors.ts';
import type { AppContext } from '../../../core/app-context.ts';
import { actorOf, readMatch, readMatchForView, viewerOf } from '../core/match.service.ts';
import { domainErrorToHttp } from '../core/match-errors.ts';
import type { MatchRecord } from '../core/match-state.mapper.ts';
import { runMatchCommand } from '../core/match-runner.ts';
import { toMapScores } from '../score/score.service.ts';
import { proposedScores, type ProposedMapScore } from '../score/proposed-scores.repository.ts';
import type { ResolveInput } from '@versus/common/api/disputes';
import {
  findDispute,
  findDisputeOfMatch,
  insertDispute,
  insertDisputeMessage,
  markDisputeResolved,
  disputeMessagesOf,
} from './dispute.repository.ts';
import { presentDispute, presentDisputeMessage } from './dispute.presenter.ts';

export const DISPUTE_TEXTS = {
  opened: 'Dispute was opened successfully',
  alreadyOpened: 'This match already has a dispute ticket.',
  resolved: 'The dispute was resolved successfully',
  ticketNotFound: 'Ticket not found.',
  ticketForbidden: 'Only the players of this match and admins can see this ticket.',
  resolveForbidden: 'Only admins can resolve a dispute.',
  ticketClosed: 'This ticket is resolved; it takes no more messages.',
} as const;

export async function getCanDispute(
  ctx: AppContext,
  matchId: number,
  user: UserRow | null,
): Promise<CanDispute> {
  const record = await readMatchForView(ctx, matchId);
  const ticket = await findDisputeOfMatch(ctx.db, matchId);
  const viewer = viewerOf(user);
  // "See dispute" links the ticket: only for those who may open it (the match's players and admins).
  const mayRead = viewer.isAdmin || isMatchPlayer(record.state, viewer);
  return {
    canDispute: ticket === null && canDispute(record.state, viewer, ctx.now()),
    ticket: ticket && mayRead ? { id: ticket.id } : null,
  };
}

/** A captain's entered score on one map, as a dispute ticket quotes it. */
export interface EnteredMapScore {
  mapName: string;
  firstScore: number;
  secondScore: number;
}

/**
 * A dispute carries the game server log's numbers: the map scores the log read are appended to the reason,
 * so the admin sees them next to the players' claim; when a captain entered a score by hand, it follows on
 * its own line, so both are in the ticket (`Server log: Crash 13-7` / `Entered by player1: Crash 13-3`).
 */
export function withLogScores(
  description: string,
  scores: readonly ProposedMapScore[],
  entered: { byUsername: string | null; maps: readonly EnteredMapScore[] } | null = null,
): string {
  const known = scores.filter((s) => s.firstScore !== null && s.secondScore !== null);
  if (known.length === 0) return description;
  const line = known.map((s) => `${s.mapName} ${s.firstScore}-${s.secondScore}`).join(', ');
  const text = `${description}\n\nServer log: ${line}`;
  if (!entered || entered.maps.length === 0) return text;
  const by = entered.byUsername ? `Entered by ${entered.byUsername}` : 'Entered';
  const hand = entered.maps.map((m) => `${m.mapName} ${m.firstScore}-${m.secondScore}`).join(', ');
  return `${text}\n${by}: ${hand}`;
}

/** The score a captain entered by hand (not the log's), by map name; null when there is none. */
function handEnteredScore(record: MatchRecord) {
  const { score } = record.state;
  if (score.maps === null || score.fromLog === true) return null;
  const maps = score.maps.flatMap((m) =>
    m.challengerScore === null || m.opponentScore === null
      ? []
      : [
          {
            mapName: record.maps.find((i) => i.mapId === m.mapId)?.name ?? String(m.mapId),
            firstScore: m.challengerScore,
            secondScore: m.opponentScore,
          },
        ],
  );
  const byId = score.enteredByUserId;
  return { byUsername: byId === null ? null : (record.users.get(byId)?.username ?? null), maps };
}

export async function openDispute(ctx: AppContext, user: UserRow, matchId: number, description: string) {
  let ticketId = 0;
  await runMatchCommand(ctx, matchId, { type: 'dispute.open', actor: actorOf(user) }, async (tx, outcome) => {
    if (await findDisputeOfMatch(tx, matchId)) {
      throw domainErrorToHttp(domainError('wrong-status', DISPUTE_TEXTS.alreadyOpened));
    }
    const ticket = await insertDispute(tx, {
      matchId,
      openedByUserId: user.id,
      description: withLogScores(
        description,
        await proposedScores(tx, matchId),
        handEnteredScore(outcome.before),
      ),
      previousStatusId: outcome.before.state.statusId,
      now: new Date(ctx.now()),
    });
    ticketId = ticket.id;
  });
  return { message: DISPUTE_TEXTS.opened, data: { ticket: { id: ticketId } } };
}

export async function resolveDispute(ctx: AppContext, user: UserRow, ticketId: number, input: ResolveInput) {
  const ticket = await findDispute(ctx.db, ticketId);
  if (!ticket) throw new NotFoundError(DISPUTE_TEXTS.ticketNotFound);
  if (user.role !== 'admin') throw new ForbiddenError(DISPUTE_TEXTS.resolveForbidden);
  const resolution =
    input.result === 'score'
      ? { kind: 'score' as const, scores: await toMapScores(ctx, ticket.matchId, input.scores) }
      : { kind: 'cancel' as const };
  await runMatchCommand(
    ctx,
    ticket.matchId,
    { type: 'dispute.resolve', actor: actorOf(user), resolution },
    async (tx) => {
      const marked = await markDisputeResolved(tx, ticket.id, {
        resolution: input.result === 'score' ? 'score' : 'cancelled',
        note: input.note?.trim() || null,
        byUserId: user.id,
        now: new Date(ctx.now()),
      });
      if (!marked) throw new ConflictError('This ticket is already resolved.');
    },
  );
  return { message: DISPUTE_TEXTS.resolved };
}

/** The ticket and its match, for a viewer allowed to read it (the match's players and admins). */
async function readableTicket(ctx: AppContext, user: UserRow, ticketId: number) {
  const ticket = await findDispute(ctx.db, ticketId);
  if (!ticket) throw new NotFoundError(DISPUTE_TEXTS.ticketNotFound);
  const record = await readMatch(ctx, ticket.matchId);
  const viewer = viewerOf(user);
  if (!viewer.isAdmin && !isMatchPlayer(record.state, viewer)) {
    throw new ForbiddenError(DISPUTE_TEXTS.ticketForbidden);
  }
  return { ticket, record, viewer };
}

/**
 * Adds a message to an open ticket; whoever may read the ticket may write on it. Everyone reading the ticket
 * gets it live on the ticket's private channel (`OnTicketMessage`), once it is stored.
 */
export async function postDisputeMessage(ctx: AppContext, user: UserRow, ticketId: number, message: string) {
  const { ticket } = await readableTicket(ctx, user, ticketId);
  if (ticket.status !== 'open') throw new ConflictError(DISPUTE_TEXTS.ticketClosed);
  const row = await insertDisputeMessage(ctx.db, {
    ticketId,
    userId: user.id,
    message,
    now: new Date(ctx.now()),
  });
  const presented = presentDisputeMessage(row, user);
  await ctx.publish('OnTicketMessage', ticketId, { ticketId, message: presented });
  return presented;
}

/**
 * Whether `user` may follow the ticket live (its private channel): the same readers as the ticket page, the
 * match's players and admins. An unknown ticket is no.
 */
export async function mayFollowDispute(ctx: AppContext, user: UserRow, ticketId: number): Promise<boolean> {
  try {
    await readableTicket(ctx, user, ticketId);
    return true;
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ForbiddenError) return false;
    throw error;
  }
}

export async function getDispute(ctx: AppContext, user: UserRow, ticketId: number) {
  const { ticket, record, viewer } = await readableTicket(ctx, user, ticketId);
  const messages = await disputeMessagesOf(ctx.db, ticket.id);
  return presentDispute(ticket, record, messages, viewer);
}
