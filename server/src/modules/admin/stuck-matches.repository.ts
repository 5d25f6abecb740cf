// Queries of the stuck-match check: the open matches with what the rule reads, the facts around them (a
// server wait, the live game server, the last log batch), the finished matches with a failed effect and the
// notices already sent.
import { FINAL_STATUSES } from '@versus/common/match/statuses';
import { and, desc, eq, inArray, isNull, max, notInArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  gameServers,
  gameServerWaits,
  matchEffects,
  matches,
  statsLogBatches,
  stuckMatchNotices,
} from '../../db/schema/index.ts';
import type { StuckFacts, StuckMatchView } from './stuck-matches.ts';

const ms = (d: Date | null) => (d === null ? null : d.getTime());

/** Every match that is not finished or cancelled, as the rule reads it. */
export async function openMatchViews(db: Db): Promise<StuckMatchView[]> {
  return matchViews(db, notInArray(matches.statusId, [...FINAL_STATUSES]));
}

/**
 * Finished and cancelled matches that still owe the world an effect the outbox gave up on (a server never
 * released): nothing will carry it out, so they are watched too.
 */
export async function overMatchViewsWithFailedEffects(db: Db): Promise<StuckMatchView[]> {
  const failed = db
    .selectDistinct({ matchId: matchEffects.matchId })
    .from(matchEffects)
    .where(eq(matchEffects.status, 'failed'));
  return matchViews(db, and(inArray(matches.statusId, [...FINAL_STATUSES]), inArray(matches.id, failed)));
}

async function matchViews(db: Db, where: SQL | undefined): Promise<StuckMatchView[]> {
  const rows = await db
    .select({
      id: matches.id,
      statusId: matches.statusId,
      type: matches.type,
      tournamentId: matches.tournamentId,
      challengerTeamId: matches.challengerTeamId,
      opponentTeamId: matches.opponentTeamId,
      createdAt: matches.createdAt,
      updatedAt: matches.updatedAt,
      scoreEnteredAt: matches.scoreEnteredAt,
      startDate: matches.startDate,
      readyDeadline: matches.readyDeadline,
      vetoDeadline: matches.vetoDeadline,
      pickDeadline: matches.pickDeadline,
      locationVoteDeadline: matches.locationVoteDeadline,
      scoreApprovalDeadline: matches.scoreApprovalDeadline,
    })
    .from(matches)
    .where(where);
  return rows.map((r) => ({
    id: r.id,
    statusId: r.statusId,
    type: r.type,
    tournamentId: r.tournamentId,
    challengerTeamId: r.challengerTeamId,
    opponentTeamId: r.opponentTeamId,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
    scoreEnteredAt: ms(r.scoreEnteredAt),
    clocks: {
      startDate: ms(r.startDate),
      readyDeadline: ms(r.readyDeadline),
      vetoDeadline: ms(r.vetoDeadline),
      pickDeadline: ms(r.pickDeadline),
      locationVoteDeadline: ms(r.locationVoteDeadline),
      scoreApprovalDeadline: ms(r.scoreApprovalDeadline),
    },
  }));
}

/** The server wait, live server and last log batch of each match (effects are added by the caller). */
export async function matchFacts(
  db: Db,
  matchIds: number[],
): Promise<Map<number, Omit<StuckFacts, 'effects'>>> {
  const facts = new Map<number, Omit<StuckFacts, 'effects'>>(
    matchIds.map((id) => [id, { serverWaitSince: null, server: null, lastLogBatchAt: null }]),
  );
  if (matchIds.length === 0) return facts;
  const waits = await db
    .select({ matchId: gameServerWaits.matchId, since: gameServerWaits.since })
    .from(gameServerWaits)
    .where(inArray(gameServerWaits.matchId, matchIds));
  for (const w of waits) {
    const f = facts.get(w.matchId);
    if (f) f.serverWaitSince = w.since.getTime();
  }
  // The newest live server of each match (a moved match has had several).
  const servers = await db
    .select({ matchId: gameServers.matchId, status: gameServers.status, createdAt: gameServers.createdAt })
    .from(gameServers)
    .where(and(inArray(gameServers.matchId, matchIds), isNull(gameServers.destroyedAt)))
    .orderBy(desc(gameServers.id));
  for (const s of servers) {
    const f = facts.get(s.matchId);
    if (f && !f.server) f.server = { status: s.status, createdAt: s.createdAt.getTime() };
  }
  const batches = await db
    .select({ matchId: statsLogBatches.matchId, last: max(statsLogBatches.createdAt) })
    .from(statsLogBatches)
    .where(inArray(statsLogBatches.matchId, matchIds))
    .groupBy(statsLogBatches.matchId);
  for (const b of batches) {
    const f = facts.get(b.matchId);
    if (f && b.last) f.lastLogBatchAt = new Date(b.last).getTime();
  }
  return facts;
}

/** Records that admins were told about this stall; false when an earlier pass (or instance) already did. */
export async function claimNotice(tx: Tx, matchId: number, reasonKey: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(stuckMatchNotices)
    .values({ matchId, reasonKey, createdAt: now })
    .onConflictDoNothing()
    .returning({ matchId: stuckMatchNotices.matchId });
  return rows.length > 0;
}
