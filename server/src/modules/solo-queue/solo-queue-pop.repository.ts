// Queries of the pops (the ready checks) and the cooldowns after a failed one. Every write runs in a
// transaction that holds the queue's row lock.
import {
  and,
  asc,
  count,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  soloQueueCooldowns,
  soloQueueEntries,
  soloQueuePops,
  soloQueues,
  users,
} from '../../db/schema/index.ts';
import type { SoloQueuePopRow, SoloQueueRow, UserRow } from '../../db/schema/index.ts';

type Queryable = Db | Tx;

/** A player of a pop with their queue entry. */
export interface PopMemberRow {
  entryId: number;
  user: UserRow;
  joinedAt: Date;
  acceptedAt: Date | null;
}

/** The first `limit` players waiting outside any pop, in the order they joined. */
export async function firstWaiting(
  tx: Tx,
  queueId: number,
  limit: number,
): Promise<{ entryId: number; userId: number }[]> {
  return tx
    .select({ entryId: soloQueueEntries.id, userId: soloQueueEntries.userId })
    .from(soloQueueEntries)
    .where(and(eq(soloQueueEntries.soloQueueId, queueId), isNull(soloQueueEntries.popId)))
    .orderBy(asc(soloQueueEntries.joinedAt), asc(soloQueueEntries.id))
    .limit(limit);
}

/** Opens a pop with these entries as its players; returns its id. */
export async function insertPop(
  tx: Tx,
  values: { queueId: number; entryIds: number[]; now: number; deadline: number },
): Promise<number> {
  const [row] = await tx
    .insert(soloQueuePops)
    .values({
      soloQueueId: values.queueId,
      deadline: new Date(values.deadline),
      createdAt: new Date(values.now),
    })
    .returning({ id: soloQueuePops.id });
  if (!row) throw new Error('insert returned no row');
  await tx
    .update(soloQueueEntries)
    .set({ popId: row.id, acceptedAt: null })
    .where(inArray(soloQueueEntries.id, values.entryIds));
  return row.id;
}

export async function findPop(db: Queryable, popId: number): Promise<SoloQueuePopRow | null> {
  const [row] = await db.select().from(soloQueuePops).where(eq(soloQueuePops.id, popId));
  return row ?? null;
}

/** The pop's players (their queue entries and user rows), in join order. */
export async function popMembers(db: Queryable, popId: number): Promise<PopMemberRow[]> {
  return db
    .select({
      entryId: soloQueueEntries.id,
      user: users,
      joinedAt: soloQueueEntries.joinedAt,
      acceptedAt: soloQueueEntries.acceptedAt,
    })
    .from(soloQueueEntries)
    .innerJoin(users, eq(users.id, soloQueueEntries.userId))
    .where(eq(soloQueueEntries.popId, popId))
    .orderBy(asc(soloQueueEntries.joinedAt), asc(soloQueueEntries.id));
}

export async function markAccepted(tx: Tx, popId: number, userId: number, at: number): Promise<void> {
  await tx
    .update(soloQueueEntries)
    .set({ acceptedAt: new Date(at) })
    .where(and(eq(soloQueueEntries.popId, popId), eq(soloQueueEntries.userId, userId)));
}

/** The pop's remaining players wait again as before: same entry, same join time, no pop. */
export async function releasePop(tx: Tx, popId: number): Promise<void> {
  await tx
    .update(soloQueueEntries)
    .set({ popId: null, acceptedAt: null })
    .where(eq(soloQueueEntries.popId, popId));
}

export async function endPop(
  tx: Tx,
  popId: number,
  values: { status: 'matched' | 'cancelled'; matchId: number | null; at: number },
): Promise<void> {
  await tx
    .update(soloQueuePops)
    .set({ status: values.status, matchId: values.matchId, endedAt: new Date(values.at) })
    .where(eq(soloQueuePops.id, popId));
}

/** An open pop past its deadline (the sweeper's probe uses the same condition). */
export function popDue(now: Date) {
  return and(eq(soloQueuePops.status, 'open'), lte(soloQueuePops.deadline, now));
}

/**
 * Claims one queue that has an open pop past its deadline, under `FOR UPDATE SKIP LOCKED` (a queue whose
 * lock someone holds, a join, an accept or another instance's sweeper, is left for later).
 */
export async function claimQueueWithDuePop(
  tx: Tx,
  now: number,
  skip: number[],
): Promise<SoloQueueRow | null> {
  const [row] = await tx
    .select()
    .from(soloQueues)
    .where(
      and(
        exists(
          tx
            .select({ one: sql`1` })
            .from(soloQueuePops)
            .where(and(eq(soloQueuePops.soloQueueId, soloQueues.id), popDue(new Date(now)))),
        ),
        skip.length > 0 ? notInArray(soloQueues.id, skip) : undefined,
      ),
    )
    .orderBy(asc(soloQueues.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** The queue's open pops past their deadline, oldest deadline first (call under the queue's lock). */
export async function duePopsOf(tx: Tx, queueId: number, now: number): Promise<SoloQueuePopRow[]> {
  return tx
    .select()
    .from(soloQueuePops)
    .where(and(eq(soloQueuePops.soloQueueId, queueId), popDue(new Date(now))))
    .orderBy(asc(soloQueuePops.deadline), asc(soloQueuePops.id));
}

/** Keeps these players out of every queue until `until` (a later cooldown already set is kept). */
export async function setCooldowns(tx: Tx, userIds: number[], until: number): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .insert(soloQueueCooldowns)
    .values(userIds.map((userId) => ({ userId, until: new Date(until) })))
    .onConflictDoUpdate({
      target: soloQueueCooldowns.userId,
      set: { until: sql`greatest(${soloQueueCooldowns.until}, excluded.until)` },
    });
}

/** When the user's cooldown ends, or null when they may queue now. */
export async function cooldownUntil(db: Queryable, userId: number, now: number): Promise<Date | null> {
  const [row] = await db
    .select({ until: soloQueueCooldowns.until })
    .from(soloQueueCooldowns)
    .where(and(eq(soloQueueCooldowns.userId, userId), gt(soloQueueCooldowns.until, new Date(now))));
  return row?.until ?? null;
}

/** The user's queue entry, with the queue's name and size, or null. */
export async function entryOfUser(db: Queryable, userId: number) {
  const [row] = await db
    .select({
      id: soloQueueEntries.id,
      queueId: soloQueueEntries.soloQueueId,
      queueName: soloQueues.name,
      teamSize: soloQueues.teamSize,
      joinedAt: soloQueueEntries.joinedAt,
      popId: soloQueueEntries.popId,
      acceptedAt: soloQueueEntries.acceptedAt,
    })
    .from(soloQueueEntries)
    .innerJoin(soloQueues, eq(soloQueues.id, soloQueueEntries.soloQueueId))
    .where(eq(soloQueueEntries.userId, userId));
  return row ?? null;
}

/** 1 for the first in line: entries of the queue that joined before this one (same instant: lower id). */
export async function positionOf(
  db: Queryable,
  entry: { id: number; queueId: number; joinedAt: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(soloQueueEntries)
    .where(
      and(
        eq(soloQueueEntries.soloQueueId, entry.queueId),
        sql`(${soloQueueEntries.joinedAt}, ${soloQueueEntries.id}) <= (${entry.joinedAt.toISOString()}::timestamptz, ${entry.id})`,
      ),
    );
  return Number(row?.n ?? 1);
}

/** How many players of the pop accepted. */
export async function acceptedCount(db: Queryable, popId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(soloQueueEntries)
    .where(and(eq(soloQueueEntries.popId, popId), isNotNull(soloQueueEntries.acceptedAt)));
  return Number(row?.n ?? 0);
}
