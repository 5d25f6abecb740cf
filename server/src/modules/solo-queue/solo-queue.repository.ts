// Queries of the solo-queues: the queue rows, who waits where, and the insert of a formed match.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { matches, matchPlayers, soloQueueEntries, soloQueues } from '../../db/schema/index.ts';
import type { SoloQueueRow } from '../../db/schema/index.ts';
import { STATUS } from '@versus/common/match/statuses';

type Queryable = Db | Tx;

export async function listActiveQueues(db: Queryable): Promise<SoloQueueRow[]> {
  return db.select().from(soloQueues).where(eq(soloQueues.isActive, true)).orderBy(asc(soloQueues.id));
}

/** Queue id → number of players waiting in it. */
export async function queuedCounts(db: Queryable): Promise<Map<number, number>> {
  const rows = await db
    .select({ queueId: soloQueueEntries.soloQueueId, n: count() })
    .from(soloQueueEntries)
    .groupBy(soloQueueEntries.soloQueueId);
  return new Map(rows.map((r) => [r.queueId, Number(r.n)]));
}

export async function queuedCount(db: Queryable, queueId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(soloQueueEntries)
    .where(eq(soloQueueEntries.soloQueueId, queueId));
  return Number(row?.n ?? 0);
}

/** The queue the user waits in, or null. */
export async function queueOfUser(db: Queryable, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ queueId: soloQueueEntries.soloQueueId })
    .from(soloQueueEntries)
    .where(eq(soloQueueEntries.userId, userId));
  return row?.queueId ?? null;
}

/**
 * The queue row under `SELECT ... FOR UPDATE`: every join and leave of one queue runs under this lock,
 * so two joins racing for the last seats are applied one after the other and form one match.
 */
export async function lockQueue(tx: Tx, queueId: number): Promise<SoloQueueRow | null> {
  const [row] = await tx.select().from(soloQueues).where(eq(soloQueues.id, queueId)).for('update');
  return row ?? null;
}

export async function insertEntry(tx: Tx, queueId: number, userId: number, now: number): Promise<void> {
  await tx.insert(soloQueueEntries).values({ soloQueueId: queueId, userId, joinedAt: new Date(now) });
}

/** Removes the user's entry from the queue; true when there was one. */
export async function deleteEntry(tx: Tx, queueId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(soloQueueEntries)
    .where(and(eq(soloQueueEntries.soloQueueId, queueId), eq(soloQueueEntries.userId, userId)))
    .returning({ id: soloQueueEntries.id });
  return rows.length > 0;
}

export async function deleteEntriesOf(tx: Tx, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.delete(soloQueueEntries).where(inArray(soloQueueEntries.userId, userIds));
}

export interface NewPugMatch {
  queue: SoloQueueRow;
  /** Players in captain order: [challenger captain, opponent captain, ...the pool]. */
  userIds: number[];
  now: number;
  /** Balanced teams: every player's side (1 or 2), decided before the match exists. */
  sides?: Map<number, 1 | 2>;
}

/** Inserts a solo-queue match in player select (10) with its first pick due; returns its id. */
export async function insertPugMatch(tx: Tx, values: NewPugMatch): Promise<number> {
  const { queue, userIds, now, sides } = values;
  const [challengerCaptain, opponentCaptain] = userIds;
  if (challengerCaptain === undefined || opponentCaptain === undefined) {
    throw new Error('A solo-queue match needs at least two players');
  }
  const [row] = await tx
    .insert(matches)
    .values({
      type: 'solo-queue',
      statusId: STATUS.playerSelect,
      gameId: queue.gameId,
      soloQueueId: queue.id,
      challengerCaptainId: challengerCaptain,
      opponentCaptainId: opponentCaptain,
      teamSize: queue.teamSize,
      bestOf: queue.bestOf,
      // The first pick is the challenger's (snake order 1-2-2-1-...).
      pickerSide: 1,
      pickStep: 0,
      // Balanced teams have nothing to pick: the pick phase is due at once (the caller ends it).
      pickDeadline: new Date(sides ? now : now + queue.pickTurnSeconds * 1000),
      // Team A of the veto is the captain who picked second (docs/match-room.md, "Map veto").
      vetoFirstSide: 2,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .returning({ id: matches.id });
  if (!row) throw new Error('insert returned no row');
  await tx.insert(matchPlayers).values(
    userIds.map((userId, i) => ({
      matchId: row.id,
      userId,
      side: sides?.get(userId) ?? (i === 0 ? 1 : i === 1 ? 2 : -1),
      isCaptain: i < 2,
      joinedAt: new Date(now),
    })),
  );
  return row.id;
}
