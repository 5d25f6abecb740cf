// Queries of the anticheat module: match membership, heartbeats, in-game identities.
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { anticheatHeartbeats, matches, matchPlayers } from '../../db/schema/index.ts';

/** The match and, when the user plays in it (side 1 or 2), their roster row. */
export async function matchAndPlayer(db: Db, matchId: number, userId: number) {
  const [match] = await db
    .select({ id: matches.id, statusId: matches.statusId, gameId: matches.gameId })
    .from(matches)
    .where(eq(matches.id, matchId));
  if (!match) return { match: null, player: null };
  const [player] = await db
    .select()
    .from(matchPlayers)
    .where(
      and(
        eq(matchPlayers.matchId, matchId),
        eq(matchPlayers.userId, userId),
        inArray(matchPlayers.side, [1, 2]),
      ),
    );
  return { match, player: player ?? null };
}

export async function insertHeartbeat(
  db: Db,
  beat: { userId: number; matchId: number; inGameName: string; guid: string | null; at: Date },
): Promise<void> {
  await db.insert(anticheatHeartbeats).values({
    userId: beat.userId,
    matchId: beat.matchId,
    inGameName: beat.inGameName,
    guid: beat.guid,
    createdAt: beat.at,
  });
}

/**
 * Keeps the roster's in-game name and GUID current, so logs and screenshots name the right player; a null
 * leaves that column as it is (a refused claim changes nothing).
 */
export async function updateRosterIdentity(
  db: Db,
  rosterId: number,
  identity: { inGameName: string | null; guid: string | null },
): Promise<void> {
  const set = {
    ...(identity.inGameName === null ? {} : { inGameName: identity.inGameName }),
    ...(identity.guid === null ? {} : { guid: identity.guid }),
  };
  if (Object.keys(set).length === 0) return;
  await db.update(matchPlayers).set(set).where(eq(matchPlayers.id, rosterId));
}

/** Players of the match (sides 1 and 2). */
export async function matchMembers(db: Db, matchId: number) {
  return db
    .select({ userId: matchPlayers.userId, inGameName: matchPlayers.inGameName })
    .from(matchPlayers)
    .where(and(eq(matchPlayers.matchId, matchId), inArray(matchPlayers.side, [1, 2])));
}

/** The newest heartbeat per user for this match since `since`. */
export async function latestHeartbeats(db: Db, matchId: number, since: Date) {
  const rows = await db
    .select({
      userId: anticheatHeartbeats.userId,
      inGameName: anticheatHeartbeats.inGameName,
      createdAt: anticheatHeartbeats.createdAt,
    })
    .from(anticheatHeartbeats)
    .where(and(eq(anticheatHeartbeats.matchId, matchId), gte(anticheatHeartbeats.createdAt, since)))
    .orderBy(desc(anticheatHeartbeats.createdAt));
  const latest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.userId)) latest.set(row.userId, row);
  return latest;
}
