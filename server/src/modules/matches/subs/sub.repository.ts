// Substitute candidates, leaving the queue when added, and who joined a match as a substitute.
import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import {
  matchPlayerAbsences,
  matchPlayers,
  soloQueueEntries,
  teamMembers,
  users,
} from '../../../db/schema/index.ts';
import type { UserRow } from '../../../db/schema/index.ts';

type Queryable = Db | Tx;

const inMatch = (matchId: number) =>
  sql`(select ${matchPlayers.userId} from ${matchPlayers} where ${matchPlayers.matchId} = ${matchId})`;

/** Members of `teamId` who do not play in the match yet. */
export async function teamCandidates(db: Queryable, matchId: number, teamId: number): Promise<UserRow[]> {
  const rows = await db
    .select({ user: users })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), notInArray(users.id, inMatch(matchId))))
    .orderBy(asc(users.username));
  return rows.map((r) => r.user);
}

/**
 * Players waiting in the solo-queue `soloQueueId` (oldest first) who do not play in the match; a player in a
 * pop (the queue's ready check) is about to play a match of their own and is not offered.
 */
export async function queueCandidates(
  db: Queryable,
  matchId: number,
  soloQueueId: number,
): Promise<UserRow[]> {
  const rows = await db
    .select({ user: users })
    .from(soloQueueEntries)
    .innerJoin(users, eq(users.id, soloQueueEntries.userId))
    .where(
      and(
        eq(soloQueueEntries.soloQueueId, soloQueueId),
        isNull(soloQueueEntries.popId),
        notInArray(users.id, inMatch(matchId)),
      ),
    )
    .orderBy(asc(soloQueueEntries.joinedAt), asc(soloQueueEntries.id));
  return rows.map((r) => r.user);
}

/** A solo-queue player added as a substitute leaves any queue (one match or queue at a time). */
export async function leaveSoloQueues(tx: Tx, userId: number): Promise<void> {
  await tx.delete(soloQueueEntries).where(eq(soloQueueEntries.userId, userId));
}

/** The users who joined the match as substitutes. */
export async function subUserIds(db: Queryable, matchId: number): Promise<Set<number>> {
  const rows = await db
    .select({ userId: matchPlayers.userId })
    .from(matchPlayers)
    .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.isSub, true)));
  return new Set(rows.map((r) => r.userId));
}

/** Since when a lineup player is away from the match's live server (the monitor's absence watch), or null. */
export async function awayFromServerSince(
  db: Queryable,
  matchId: number,
  userId: number,
): Promise<Date | null> {
  const [row] = await db
    .select({ leftAt: matchPlayerAbsences.leftAt })
    .from(matchPlayerAbsences)
    .where(and(eq(matchPlayerAbsences.matchId, matchId), eq(matchPlayerAbsences.userId, userId)));
  return row?.leftAt ?? null;
}
