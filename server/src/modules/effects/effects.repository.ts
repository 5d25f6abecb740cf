// The outbox's queries: record an effect in the caller's transaction, claim a due one under
// `FOR UPDATE SKIP LOCKED` in one statement, and mark how it went.
import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { matchEffects, type MatchEffectRow, type MatchEffectStatus } from '../../db/schema/index.ts';

/** One effect a committed change owes: `key` tells apart two effects of one kind for one match. */
export interface NewMatchEffect {
  matchId: number;
  kind: string;
  key?: string;
  payload?: Record<string, unknown>;
}

/**
 * Records the effect in the caller's transaction (it runs only if that commits). Recording the same
 * `(matchId, kind, key)` again keeps the one row; returns its id either way.
 */
export async function recordEffect(tx: Db | Tx, effect: NewMatchEffect, now: number): Promise<number> {
  const key = effect.key ?? '';
  const [inserted] = await tx
    .insert(matchEffects)
    .values({
      matchId: effect.matchId,
      kind: effect.kind,
      key,
      payload: effect.payload ?? {},
      nextAttemptAt: new Date(now),
      // The app's clock, not the database's: a retry policy counts from it (webhooks: 24 hours).
      createdAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ id: matchEffects.id });
  if (inserted) return inserted.id;
  const [existing] = await tx
    .select({ id: matchEffects.id })
    .from(matchEffects)
    .where(
      and(
        eq(matchEffects.matchId, effect.matchId),
        eq(matchEffects.kind, effect.kind),
        eq(matchEffects.key, key),
      ),
    );
  if (!existing) throw new Error(`match effect ${effect.kind} of match ${String(effect.matchId)} vanished`);
  return existing.id;
}

/**
 * Claims one pending effect due at `now` (optionally among `ids`) in one statement, outside any transaction: the
 * subquery locks it with SKIP LOCKED so two workers never take the same row, and the update leases it
 * (`next_attempt_at` moved to `now + leaseMs`) and counts the attempt. Its handler runs afterwards, with no
 * transaction open; the lease keeps other workers off it meanwhile.
 */
export async function claimDueEffect(
  db: Db,
  now: number,
  leaseMs: number,
  ids?: readonly number[],
): Promise<MatchEffectRow | null> {
  const due = db
    .select({ id: matchEffects.id })
    .from(matchEffects)
    .where(
      and(
        eq(matchEffects.status, 'pending'),
        lte(matchEffects.nextAttemptAt, new Date(now)),
        ids ? inArray(matchEffects.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(matchEffects.nextAttemptAt), asc(matchEffects.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(matchEffects)
    .set({ attempts: sql`${matchEffects.attempts} + 1`, nextAttemptAt: new Date(now + leaseMs) })
    .where(eq(matchEffects.id, due))
    .returning();
  return claimed ?? null;
}

export async function markEffectDone(db: Db, id: number, now: number): Promise<void> {
  await db
    .update(matchEffects)
    .set({ status: 'done', doneAt: new Date(now), lastError: null })
    .where(eq(matchEffects.id, id));
}

/** A failed attempt: tried again at `retryAt`, or given up (`failed`) when `retryAt` is null. */
export async function markEffectFailed(
  db: Db,
  id: number,
  error: string,
  retryAt: number | null,
): Promise<void> {
  await db
    .update(matchEffects)
    .set(
      retryAt === null
        ? { status: 'failed', lastError: error.slice(0, 2000) }
        : { nextAttemptAt: new Date(retryAt), lastError: error.slice(0, 2000) },
    )
    .where(eq(matchEffects.id, id));
}

/**
 * When the earliest pending effect is due (a retry's backoff, a lease running out), or null when nothing is
 * pending: one read of the due index, which the idle worker sleeps on.
 */
export async function nextDueAt(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ at: min(matchEffects.nextAttemptAt) })
    .from(matchEffects)
    .where(eq(matchEffects.status, 'pending'));
  return row?.at ? row.at.getTime() : null;
}

/**
 * With the embedded database only this process uses the data: at start, every pending effect (a lease of
 * a killed process, a backoff) is due now.
 */
export async function makeAllPendingDue(db: Db, now: number): Promise<number> {
  const rows = await db
    .update(matchEffects)
    .set({ nextAttemptAt: new Date(now) })
    .where(eq(matchEffects.status, 'pending'))
    .returning({ id: matchEffects.id });
  return rows.length;
}

/** The effects of some matches (all when `matchIds` is absent) with one of `statuses`, oldest first. */
export async function listMatchEffects(
  db: Db | Tx,
  opts: { matchIds?: number[]; statuses?: ('pending' | 'failed')[] } = {},
): Promise<MatchEffectRow[]> {
  if (opts.matchIds?.length === 0) return [];
  const statuses: MatchEffectStatus[] = opts.statuses ?? ['pending', 'failed'];
  if (statuses.length === 0) return [];
  return db
    .select()
    .from(matchEffects)
    .where(
      and(
        inArray(matchEffects.status, statuses),
        opts.matchIds ? inArray(matchEffects.matchId, opts.matchIds) : undefined,
      ),
    )
    .orderBy(asc(matchEffects.matchId), asc(matchEffects.id));
}
