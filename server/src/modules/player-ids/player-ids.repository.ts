// Queries of player identities: CoD4x player ids bound to accounts (by their owner in settings or by an
// admin), roster identities of a match, and refused claims.
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { games, identityConflicts, matchPlayers, userGameAccounts, users } from '../../db/schema/index.ts';

/** Sources whose bindings are trusted (statistics, the roster lock). `heartbeat` rows are legacy. */
export const TRUSTED_SOURCES = ['settings', 'admin'];

type Conn = Db | Tx;

export async function gameBySlug(db: Conn, slug: string) {
  const [row] = await db
    .select({ id: games.id, slug: games.slug, name: games.name })
    .from(games)
    .where(eq(games.slug, slug));
  return row ?? null;
}

export async function boundIdsOfUser(db: Conn, userId: number) {
  return db
    .select({
      gameSlug: games.slug,
      gameName: games.name,
      playerId: userGameAccounts.guid,
      source: userGameAccounts.source,
      linkedAt: userGameAccounts.updatedAt,
    })
    .from(userGameAccounts)
    .innerJoin(games, eq(games.id, userGameAccounts.gameId))
    .where(and(eq(userGameAccounts.userId, userId), inArray(userGameAccounts.source, TRUSTED_SOURCES)))
    .orderBy(games.slug);
}

/** The account a player id is bound to for a game (any source), with the source. */
export async function ownerOf(db: Conn, gameId: number, playerId: string) {
  const [row] = await db
    .select({ userId: userGameAccounts.userId, source: userGameAccounts.source, id: userGameAccounts.id })
    .from(userGameAccounts)
    .where(and(eq(userGameAccounts.gameId, gameId), eq(userGameAccounts.guid, playerId)));
  return row ?? null;
}

/**
 * Binds `playerId` to the user for the game, replacing the user's earlier id for that game and any
 * untrusted (heartbeat) row holding the id. The caller checked that no other account holds it trusted
 * (or is an admin moving it).
 */
export async function bindPlayerId(
  tx: Tx,
  binding: { userId: number; gameId: number; playerId: string; source: 'settings' | 'admin'; now: Date },
): Promise<void> {
  await tx
    .delete(userGameAccounts)
    .where(
      and(
        eq(userGameAccounts.gameId, binding.gameId),
        eq(userGameAccounts.guid, binding.playerId),
        ne(userGameAccounts.userId, binding.userId),
      ),
    );
  await tx
    .delete(userGameAccounts)
    .where(
      and(
        eq(userGameAccounts.gameId, binding.gameId),
        eq(userGameAccounts.userId, binding.userId),
        ne(userGameAccounts.guid, binding.playerId),
      ),
    );
  await tx
    .insert(userGameAccounts)
    .values({
      userId: binding.userId,
      gameId: binding.gameId,
      guid: binding.playerId,
      source: binding.source,
      createdAt: binding.now,
      updatedAt: binding.now,
    })
    .onConflictDoUpdate({
      target: [userGameAccounts.gameId, userGameAccounts.guid],
      set: { userId: binding.userId, source: binding.source, updatedAt: binding.now },
    });
}

export async function unbindPlayerId(db: Conn, userId: number, gameId: number): Promise<number> {
  const rows = await db
    .delete(userGameAccounts)
    .where(and(eq(userGameAccounts.userId, userId), eq(userGameAccounts.gameId, gameId)))
    .returning({ id: userGameAccounts.id });
  return rows.length;
}

/** Trusted bindings of these ids for a game: id → user. */
export async function trustedOwners(
  db: Conn,
  gameId: number,
  playerIds: string[],
): Promise<Map<string, number>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({ guid: userGameAccounts.guid, userId: userGameAccounts.userId })
    .from(userGameAccounts)
    .where(
      and(
        eq(userGameAccounts.gameId, gameId),
        inArray(userGameAccounts.guid, playerIds),
        inArray(userGameAccounts.source, TRUSTED_SOURCES),
      ),
    );
  return new Map(rows.map((r) => [r.guid, r.userId]));
}

/** Trusted ids of users for a game: user → ids. */
export async function trustedIdsOfUsers(
  db: Conn,
  gameId: number,
  userIds: number[],
): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ guid: userGameAccounts.guid, userId: userGameAccounts.userId })
    .from(userGameAccounts)
    .where(
      and(
        eq(userGameAccounts.gameId, gameId),
        inArray(userGameAccounts.userId, userIds),
        inArray(userGameAccounts.source, TRUSTED_SOURCES),
      ),
    );
  for (const r of rows) result.set(r.userId, [...(result.get(r.userId) ?? []), r.guid]);
  return result;
}

/** The match's players on a side (subs included) with the id their heartbeat confirmed. */
export async function rosterIdentities(db: Conn, matchId: number) {
  return db
    .select({
      userId: matchPlayers.userId,
      guid: matchPlayers.guid,
      username: users.username,
      inGameName: matchPlayers.inGameName,
    })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .where(and(eq(matchPlayers.matchId, matchId), inArray(matchPlayers.side, [1, 2])));
}

/** Records a refused claim once per match, claimant and id; true when it is new. */
export async function recordConflict(
  db: Conn,
  conflict: {
    matchId: number;
    claimantUserId: number;
    ownerUserId: number | null;
    playerId: string;
    source: string;
    now: Date;
  },
): Promise<boolean> {
  const [seen] = await db
    .select({ id: identityConflicts.id })
    .from(identityConflicts)
    .where(
      and(
        eq(identityConflicts.matchId, conflict.matchId),
        eq(identityConflicts.claimantUserId, conflict.claimantUserId),
        eq(identityConflicts.playerId, conflict.playerId),
      ),
    );
  if (seen) return false;
  await db.insert(identityConflicts).values({ ...conflict, createdAt: conflict.now });
  return true;
}

export async function listConflicts(db: Conn, limit: number) {
  return db.select().from(identityConflicts).orderBy(desc(identityConflicts.createdAt)).limit(limit);
}
