// Queries of the server pool: registered servers, their allocation to matches, their live state.
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  gameServerHosts,
  gameServers,
  gameServerWaits,
  locations,
  matches,
  type GameServerHostRow,
} from '../../db/schema/index.ts';

export type NewHost = typeof gameServerHosts.$inferInsert;

export async function listHosts(db: Db) {
  return db
    .select({
      host: gameServerHosts,
      locationName: locations.city,
      matchStatusId: matches.statusId,
    })
    .from(gameServerHosts)
    .leftJoin(locations, eq(locations.id, gameServerHosts.locationId))
    .leftJoin(matches, eq(matches.id, gameServerHosts.matchId))
    .orderBy(asc(gameServerHosts.id));
}

export async function findHost(db: Db | Tx, id: number): Promise<GameServerHostRow | null> {
  const [row] = await db.select().from(gameServerHosts).where(eq(gameServerHosts.id, id));
  return row ?? null;
}

export async function hostOfMatch(db: Db | Tx, matchId: number): Promise<GameServerHostRow | null> {
  const [row] = await db.select().from(gameServerHosts).where(eq(gameServerHosts.matchId, matchId));
  return row ?? null;
}

export async function addressTaken(db: Db, host: string, port: number, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: gameServerHosts.id })
    .from(gameServerHosts)
    .where(
      and(
        eq(gameServerHosts.host, host),
        eq(gameServerHosts.port, port),
        exceptId === undefined ? undefined : ne(gameServerHosts.id, exceptId),
      ),
    );
  return row !== undefined;
}

/**
 * Free, enabled servers not known to be offline that may take a match at `locationId`: servers of that
 * location first, then servers registered for any location (null). A match without a location (ladder and
 * tournament matches have no vote) may take any free server.
 */
export async function freeCandidates(db: Db, locationId: number | null): Promise<number[]> {
  const where = and(
    isNull(gameServerHosts.matchId),
    eq(gameServerHosts.enabled, true),
    ne(gameServerHosts.status, 'OFFLINE'),
    locationId === null
      ? undefined
      : or(eq(gameServerHosts.locationId, locationId), isNull(gameServerHosts.locationId)),
  );
  const rows = await db
    .select({ id: gameServerHosts.id })
    .from(gameServerHosts)
    .where(where)
    .orderBy(
      locationId === null
        ? asc(gameServerHosts.id)
        : sql`case when ${gameServerHosts.locationId} = ${locationId} then 0 else 1 end`,
      asc(gameServerHosts.id),
    );
  return rows.map((r) => r.id);
}

/**
 * Locks a server for allocation if it is still free: `FOR UPDATE` waits for a concurrent allocation of the
 * same row, and the `match_id is null` test is evaluated again on the row it committed, so the second of two
 * racing matches gets nothing here and tries the next candidate.
 */
export async function lockFreeHost(tx: Tx, id: number): Promise<GameServerHostRow | null> {
  const [row] = await tx
    .select()
    .from(gameServerHosts)
    .where(
      and(eq(gameServerHosts.id, id), isNull(gameServerHosts.matchId), eq(gameServerHosts.enabled, true)),
    )
    .for('update');
  return row ?? null;
}

export async function updateHost(db: Db | Tx, id: number, values: Partial<NewHost>): Promise<void> {
  await db.update(gameServerHosts).set(values).where(eq(gameServerHosts.id, id));
}

/** Inserts the wait of a match; true when it was not waiting yet (admins are told once). */
export async function startWaiting(db: Db, matchId: number, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(gameServerWaits)
    .values({ matchId, since: now, lastTryAt: now })
    .onConflictDoNothing()
    .returning({ matchId: gameServerWaits.matchId });
  if (inserted.length > 0) return true;
  await db.update(gameServerWaits).set({ lastTryAt: now }).where(eq(gameServerWaits.matchId, matchId));
  return false;
}

export async function stopWaiting(db: Db | Tx, matchId: number): Promise<void> {
  await db.delete(gameServerWaits).where(eq(gameServerWaits.matchId, matchId));
}

/** Matches waiting for a server that are still in play. */
export async function waitingMatches(db: Db): Promise<number[]> {
  const rows = await db
    .select({ matchId: gameServerWaits.matchId, statusId: matches.statusId })
    .from(gameServerWaits)
    .innerJoin(matches, eq(matches.id, gameServerWaits.matchId))
    .orderBy(asc(gameServerWaits.since));
  return rows.filter((r) => r.statusId === STATUS.inProgress).map((r) => r.matchId);
}

/** The live allocation (game_servers row) of a match on a pool server. */
export async function allocationOf(db: Db | Tx, matchId: number) {
  const [row] = await db
    .select()
    .from(gameServers)
    .where(and(eq(gameServers.matchId, matchId), isNull(gameServers.destroyedAt)))
    .limit(1);
  return row ?? null;
}

export async function updateAllocationPassword(db: Db | Tx, id: number, password: string): Promise<void> {
  await db.update(gameServers).set({ password }).where(eq(gameServers.id, id));
}
