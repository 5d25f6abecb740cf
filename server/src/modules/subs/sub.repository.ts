// Substitute candidates and the rows of an added substitute.
import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { matchPlayers, matches, soloQueueEntries, teamMembers, users } from '../../db/schema/index.ts';
import type { UserRow } from '../../db/schema/index.ts';

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

/** Players waiting in the solo-queue `soloQueueId` (oldest first) who do not play in the match. */
export async function queueCandidates(
  db: Queryable,
  matchId: number,
  soloQueueId: number,
): Promise<UserRow[]> {
  const rows = await db
    .select({ user: users })
    .from(soloQueueEntries)
    .innerJoin(users, eq(users.id, soloQueueEntries.userId))
    .where(and(eq(soloQueueEntries.soloQueueId, soloQueueId), notInArray(users.id, inMatch(matchId))))
    .orderBy(asc(soloQueueEntries.joinedAt), asc(soloQueueEntries.id));
  return rows.map((r) => r.user);
}

export async function countSubs(tx: Tx, matchId: number, side: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(matchPlayers)
    .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.side, side), eq(matchPlayers.isSub, true)));
  return row?.n ?? 0;
}

/** Adds the sub to the side; a solo-queue sub leaves the queue (one match or queue at a time). */
export async function insertSub(
  tx: Tx,
  values: {
    matchId: number;
    userId: number;
    side: number;
    teamId: number | null;
    addedByUserId: number;
    now: Date;
  },
): Promise<void> {
  await tx.insert(matchPlayers).values({
    matchId: values.matchId,
    userId: values.userId,
    side: values.side,
    teamId: values.teamId,
    isSub: true,
    addedByUserId: values.addedByUserId,
    joinedAt: values.now,
  });
  await tx.delete(soloQueueEntries).where(eq(soloQueueEntries.userId, values.userId));
  await tx
    .update(matches)
    .set({ version: sql`${matches.version} + 1`, updatedAt: values.now })
    .where(eq(matches.id, values.matchId));
}

/** The users who joined the match as substitutes. */
export async function subUserIds(db: Queryable, matchId: number): Promise<Set<number>> {
  const rows = await db
    .select({ userId: matchPlayers.userId })
    .from(matchPlayers)
    .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.isSub, true)));
  return new Set(rows.map((r) => r.userId));
}
