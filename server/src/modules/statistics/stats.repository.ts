// Queries of the statistics module (rosters, per-map statistics); no rules here.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  games,
  maps,
  matches,
  matchMaps,
  matchPlayers,
  playerMapStats,
  teams,
  users,
} from '../../db/schema/index.ts';

type Conn = Db | Tx;

/** The match's maps with their server names (played ones first, in play order). */
export async function matchMapsWithNames(db: Conn, matchId: number) {
  return db
    .select({
      id: matchMaps.id,
      mapId: matchMaps.mapId,
      mapOrder: matchMaps.mapOrder,
      nameCmd: maps.nameCmd,
      name: maps.name,
      image: maps.image,
      firstScore: matchMaps.firstScore,
      secondScore: matchMaps.secondScore,
      logFirstScore: matchMaps.logFirstScore,
      logSecondScore: matchMaps.logSecondScore,
    })
    .from(matchMaps)
    .innerJoin(maps, eq(maps.id, matchMaps.mapId))
    .where(eq(matchMaps.matchId, matchId))
    .orderBy(sql`${matchMaps.mapOrder} asc nulls last`, asc(matchMaps.position));
}

/** The match's roster with usernames and flags. */
export async function matchRoster(db: Conn, matchId: number) {
  return db
    .select({
      userId: matchPlayers.userId,
      side: matchPlayers.side,
      inGameName: matchPlayers.inGameName,
      guid: matchPlayers.guid,
      username: users.username,
      flag: users.flag,
    })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .where(eq(matchPlayers.matchId, matchId))
    .orderBy(asc(matchPlayers.id));
}

export type NewPlayerMapStats = typeof playerMapStats.$inferInsert;

/** Replaces all statistics of the match and the log scores of its maps. */
export async function replaceMatchStatistics(
  tx: Tx,
  matchId: number,
  rows: NewPlayerMapStats[],
  logScores: Map<number, { first: number; second: number } | null>,
): Promise<void> {
  await tx.delete(playerMapStats).where(eq(playerMapStats.matchId, matchId));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(playerMapStats).values(rows.slice(i, i + 500));
  await tx
    .update(matchMaps)
    .set({ logFirstScore: null, logSecondScore: null })
    .where(and(eq(matchMaps.matchId, matchId), isNotNull(matchMaps.logFirstScore)));
  for (const [matchMapId, score] of logScores) {
    await tx
      .update(matchMaps)
      .set({ logFirstScore: score?.first ?? null, logSecondScore: score?.second ?? null })
      .where(eq(matchMaps.id, matchMapId));
  } // The log scores are part of the match as its readers load it (the score form): a new version.
  await tx
    .update(matches)
    .set({ version: sql`${matches.version} + 1` })
    .where(eq(matches.id, matchId));
}

/** The match with what the statistics page shows about it (game slug, team names, series score). */
export async function matchSummary(db: Conn, matchId: number) {
  const [row] = await db
    .select({
      id: matches.id,
      statusId: matches.statusId,
      gameSlug: games.slug,
      challengerTeamId: matches.challengerTeamId,
      opponentTeamId: matches.opponentTeamId,
      challengerCaptainId: matches.challengerCaptainId,
      opponentCaptainId: matches.opponentCaptainId,
      challengerScore: matches.challengerScore,
      opponentScore: matches.opponentScore,
    })
    .from(matches)
    .innerJoin(games, eq(games.id, matches.gameId))
    .where(eq(matches.id, matchId));
  return row ?? null;
}

export async function namesOf(db: Conn, teamIds: number[], userIds: number[]) {
  const teamRows =
    teamIds.length === 0
      ? []
      : await db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds));
  const userRows =
    userIds.length === 0
      ? []
      : await db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(inArray(users.id, userIds));
  return {
    teams: new Map(teamRows.map((t) => [t.id, t.name])),
    users: new Map(userRows.map((u) => [u.id, u.username])),
  };
}

export async function statsOfMatch(db: Conn, matchId: number) {
  return db
    .select()
    .from(playerMapStats)
    .where(eq(playerMapStats.matchId, matchId))
    .orderBy(asc(playerMapStats.id));
}
