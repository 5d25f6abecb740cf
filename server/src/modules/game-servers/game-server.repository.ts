import { STATUS } from '@versus/common/match/statuses';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameServers, matches } from '../../db/schema/index.ts';
import type { GameServerRow } from '../../db/schema/index.ts';

export async function findServerOfMatch(db: Db, matchId: number): Promise<GameServerRow | null> {
  const [row] = await db
    .select()
    .from(gameServers)
    .where(and(eq(gameServers.matchId, matchId), isNull(gameServers.destroyedAt)))
    .limit(1);
  return row ?? null;
}

export async function findServerByUuid(db: Db, uuid: string): Promise<GameServerRow | null> {
  const [row] = await db.select().from(gameServers).where(eq(gameServers.uuid, uuid)).limit(1);
  return row ?? null;
}

export async function insertServer(
  db: Db,
  values: typeof gameServers.$inferInsert,
): Promise<GameServerRow | null> {
  const [row] = await db.insert(gameServers).values(values).returning();
  return row ?? null;
}

export async function markDestroyed(db: Db, id: number, now: number): Promise<void> {
  await db
    .update(gameServers)
    .set({ destroyedAt: new Date(now), status: 'OFFLINE', updatedAt: new Date(now) })
    .where(eq(gameServers.id, id));
}

export async function saveStatus(
  db: Db,
  id: number,
  status: { status: 'ONLINE' | 'OFFLINE' | 'STARTING'; players: number; map: string | null },
  now: number,
): Promise<void> {
  await db
    .update(gameServers)
    .set({
      status: status.status,
      players: status.players,
      currentMap: status.map,
      lastStatusAt: new Date(now),
      updatedAt: new Date(now),
    })
    .where(eq(gameServers.id, id));
}

/** Live servers of matches still being played: the ones to bring back after a restart. */
export async function serversToResume(db: Db, provider: string): Promise<GameServerRow[]> {
  return db
    .select({ server: gameServers })
    .from(gameServers)
    .innerJoin(matches, eq(matches.id, gameServers.matchId))
    .where(
      and(
        eq(gameServers.provider, provider),
        isNull(gameServers.destroyedAt),
        inArray(matches.statusId, [STATUS.inProgress, STATUS.disputed, STATUS.scoreEntered]),
      ),
    )
    .then((rows) => rows.map((r) => r.server));
}
