// Queries of the demos module: agent hosts, uploads, demos and server screenshot requests.
import { and, asc, countDistinct, eq, inArray, isNotNull, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  demos,
  gameServerHosts,
  gameServers,
  maps,
  matches,
  matchPlayers,
  mediaUploads,
  serverScreenshotRequests,
  userGameAccounts,
  users,
  type GameServerHostRow,
  type MediaUploadRow,
} from '../../db/schema/index.ts';
import { machineTokenId, tokenMatches } from '../../lib/bearer-token.ts';

/** The pool server of an agent token (`ga_<id>_...`, the log agent's), or null. */
export async function hostOfAgentToken(db: Db, token: string | null): Promise<GameServerHostRow | null> {
  const id = token ? machineTokenId('ga', token) : null;
  if (id === null || token === null) return null;
  const [row] = await db.select().from(gameServerHosts).where(eq(gameServerHosts.id, id));
  return row && tokenMatches(token, row.agentTokenHash) ? row : null;
}

/** True when the match was ever allocated to this pool server. */
export async function playedOnHost(db: Db, hostId: number, matchId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: gameServers.id })
    .from(gameServers)
    .where(and(eq(gameServers.hostId, hostId), eq(gameServers.matchId, matchId)))
    .limit(1);
  return row !== undefined;
}

export async function matchRow(db: Db, matchId: number) {
  const [row] = await db
    .select({
      id: matches.id,
      statusId: matches.statusId,
      finishedAt: matches.finishedAt,
      challengerCaptainId: matches.challengerCaptainId,
      opponentCaptainId: matches.opponentCaptainId,
    })
    .from(matches)
    .where(eq(matches.id, matchId));
  return row ?? null;
}

export async function isOnRoster(db: Db, matchId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: matchPlayers.id })
    .from(matchPlayers)
    .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Bytes all stored demos take, with the uploads still under way. */
/** Unfinished demo uploads untouched since `cutoff` (abandoned: they hold no quota any more). */
export async function deleteStaleUploads(db: Db, cutoff: Date): Promise<string[]> {
  const rows = await db
    .delete(mediaUploads)
    .where(and(sql`${mediaUploads.resultId} is null`, lt(mediaUploads.updatedAt, cutoff)))
    .returning({ id: mediaUploads.id });
  return rows.map((r) => r.id);
}

export async function demoBytesInUse(db: Db): Promise<number> {
  const [stored] = await db.select({ n: sum(demos.sizeBytes) }).from(demos);
  const [pending] = await db
    .select({ n: sum(mediaUploads.sizeBytes) })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.kind, 'demo'), sql`${mediaUploads.resultId} is null`));
  return Number(stored?.n ?? 0) + Number(pending?.n ?? 0);
}

/** The upload of this file by this server: the existing one, or a new one. */
export async function findOrCreateUpload(
  db: Db,
  values: typeof mediaUploads.$inferInsert,
): Promise<{ row: MediaUploadRow; created: boolean }> {
  const [created] = await db.insert(mediaUploads).values(values).onConflictDoNothing().returning();
  if (created) return { row: created, created: true };
  const [row] = await db
    .select()
    .from(mediaUploads)
    .where(
      and(
        eq(mediaUploads.hostId, values.hostId),
        eq(mediaUploads.kind, values.kind),
        eq(mediaUploads.sha256, values.sha256),
      ),
    );
  if (!row) throw new Error('media upload vanished');
  return { row, created: false };
}

export async function uploadOfHost(db: Db, hostId: number, id: string): Promise<MediaUploadRow | null> {
  const [row] = await db
    .select()
    .from(mediaUploads)
    .where(and(eq(mediaUploads.id, id), eq(mediaUploads.hostId, hostId)));
  return row ?? null;
}

/** Moves the upload from `from` to `to` bytes; false when another chunk moved it first. */
export async function advanceUpload(
  db: Db,
  id: string,
  from: number,
  to: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(mediaUploads)
    .set({ received: to, updatedAt: now })
    .where(and(eq(mediaUploads.id, id), eq(mediaUploads.received, from)))
    .returning({ id: mediaUploads.id });
  return rows.length === 1;
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.delete(mediaUploads).where(eq(mediaUploads.id, id));
}

export async function resetUpload(db: Db, id: string, now: Date): Promise<void> {
  await db.update(mediaUploads).set({ received: 0, updatedAt: now }).where(eq(mediaUploads.id, id));
}

export async function finishUpload(db: Db, id: string, resultId: number, now: Date): Promise<void> {
  await db.update(mediaUploads).set({ resultId, updatedAt: now }).where(eq(mediaUploads.id, id));
}

/** The account bound to a CoD4x player id, with its last in-game name. */
export async function accountOfPlayerId(db: Db, playerId: string) {
  const [row] = await db
    .select({ userId: userGameAccounts.userId, inGameName: userGameAccounts.inGameName })
    .from(userGameAccounts)
    .where(eq(userGameAccounts.guid, playerId))
    .limit(1);
  return row ?? null;
}

export async function playerIdsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ guid: userGameAccounts.guid })
    .from(userGameAccounts)
    .where(eq(userGameAccounts.userId, userId));
  return rows.map((r) => r.guid);
}

/** Inserts the demo (a second upload of the same bytes to the same match is the first one). */
export async function insertDemo(db: Db, values: typeof demos.$inferInsert): Promise<number> {
  const [row] = await db.insert(demos).values(values).onConflictDoNothing().returning({ id: demos.id });
  if (row) return row.id;
  const [existing] = await db
    .select({ id: demos.id })
    .from(demos)
    .where(and(eq(demos.matchId, values.matchId), eq(demos.sha256, values.sha256)));
  if (!existing) throw new Error('demo vanished');
  return existing.id;
}

export async function demosOfMatch(db: Db, matchId: number) {
  return db
    .select({
      id: demos.id,
      mapName: demos.mapName,
      mapTitle: maps.name,
      playerId: demos.playerId,
      inGameName: demos.inGameName,
      username: users.username,
      sizeBytes: demos.sizeBytes,
      createdAt: demos.createdAt,
    })
    .from(demos)
    .leftJoin(users, eq(users.id, demos.userId))
    .innerJoin(matches, eq(matches.id, demos.matchId))
    .leftJoin(maps, and(eq(maps.gameId, matches.gameId), eq(maps.nameCmd, demos.mapName)))
    .where(eq(demos.matchId, matchId))
    .orderBy(asc(demos.createdAt), asc(demos.id));
}

export async function demoRow(db: Db, demoId: number) {
  const [row] = await db.select().from(demos).where(eq(demos.id, demoId));
  return row ?? null;
}

/** Demos of matches finished before `cutoff` (past retention). */
export async function expiredDemos(db: Db, cutoff: Date) {
  return db
    .select({ id: demos.id, storageKey: demos.storageKey })
    .from(demos)
    .innerJoin(matches, eq(matches.id, demos.matchId))
    .where(and(isNotNull(matches.finishedAt), lt(matches.finishedAt, cutoff)));
}

export async function deleteDemos(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(demos).where(inArray(demos.id, ids));
}

export async function screenshotRequest(db: Db, id: number) {
  const [row] = await db.select().from(serverScreenshotRequests).where(eq(serverScreenshotRequests.id, id));
  return row ?? null;
}

export async function markScreenshotArrived(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(serverScreenshotRequests)
    .set({ arrivedAt: now })
    .where(eq(serverScreenshotRequests.id, id));
}

/** Requests (one per click, whatever its targets) this user made for this match on this map. */
export async function requestsOnMap(db: Db, matchId: number, userId: number, mapName: string | null) {
  const [row] = await db
    .select({ n: countDistinct(serverScreenshotRequests.batch) })
    .from(serverScreenshotRequests)
    .where(
      and(
        eq(serverScreenshotRequests.matchId, matchId),
        eq(serverScreenshotRequests.requestedBy, userId),
        mapName === null
          ? sql`${serverScreenshotRequests.mapName} is null`
          : eq(serverScreenshotRequests.mapName, mapName),
      ),
    );
  return row?.n ?? 0;
}

export async function insertScreenshotRequests(
  db: Db,
  rows: (typeof serverScreenshotRequests.$inferInsert)[],
): Promise<number[]> {
  const inserted = await db
    .insert(serverScreenshotRequests)
    .values(rows)
    .returning({ id: serverScreenshotRequests.id });
  return inserted.map((r) => r.id);
}
