// Queries of the statistics module (rosters, per-map statistics); no rules here.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  games,
  maps,
  matches,
  matchMapRestores,
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

const COUNTERS = [
  'kills',
  'deaths',
  'assists',
  'damage',
  'headshots',
  'plants',
  'defuses',
  'score',
  'roundsPlayed',
  'roundsSurvived',
  'rounds1k',
  'rounds2k',
  'rounds3k',
  'rounds4k',
  'rounds5k',
] as const;

/** Whether a stored row already says what `row` says (`fps_rating` is stored with 3 decimals). */
function sameRow(stored: typeof playerMapStats.$inferSelect, row: NewPlayerMapStats): boolean {
  if (stored.mapId !== row.mapId || stored.userId !== (row.userId ?? null)) return false;
  if (stored.inGameName !== row.inGameName || stored.side !== (row.side ?? null)) return false;
  if (COUNTERS.some((c) => stored[c] !== (row[c] ?? 0))) return false;
  const rating = row.fpsRating ?? null;
  if (stored.fpsRating === null || rating === null) return stored.fpsRating === rating;
  // A value that rounds to another third decimal is at least half a step away from the stored one.
  return Math.abs(stored.fpsRating - rating) < 0.0004999;
}

/**
 * Makes the match's statistics rows and its maps' log scores what is given, writing only what differs from
 * what is stored (rows keyed by match map and GUID: an update, an insert or a delete each). `maps` are the
 * match's maps as `matchMapsWithNames` read them in this transaction; a map missing from `logScores` has
 * none. Answers whether anything changed (then the match gets a new version).
 */
export async function writeMatchStatistics(
  tx: Tx,
  matchId: number,
  rows: readonly NewPlayerMapStats[],
  logScores: ReadonlyMap<number, { first: number; second: number } | null>,
  maps: readonly { id: number; logFirstScore: number | null; logSecondScore: number | null }[],
): Promise<boolean> {
  const key = (r: { matchMapId: number; guid: string }) => `${r.matchMapId}|${r.guid}`;
  const stored = new Map((await statsOfMatch(tx, matchId)).map((r) => [key(r), r]));
  const inserts: NewPlayerMapStats[] = [];
  let changed = false;
  for (const row of rows) {
    const old = stored.get(key(row));
    stored.delete(key(row));
    if (!old) inserts.push(row);
    else if (!sameRow(old, row)) {
      const { matchId: _m, matchMapId: _mm, guid: _g, ...values } = row;
      await tx
        .update(playerMapStats)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(playerMapStats.id, old.id));
      changed = true;
    }
  }
  if (stored.size > 0) {
    const gone = [...stored.values()].map((r) => r.id);
    await tx.delete(playerMapStats).where(inArray(playerMapStats.id, gone));
    changed = true;
  }
  for (let i = 0; i < inserts.length; i += 500) {
    await tx.insert(playerMapStats).values(inserts.slice(i, i + 500));
    changed = true;
  }
  for (const map of maps) {
    const score = logScores.get(map.id) ?? null;
    const [first, second] = [score?.first ?? null, score?.second ?? null];
    if (map.logFirstScore === first && map.logSecondScore === second) continue;
    await tx
      .update(matchMaps)
      .set({ logFirstScore: first, logSecondScore: second })
      .where(eq(matchMaps.id, map.id));
    changed = true;
  }
  // The statistics and the log scores are part of the match as its readers load it (the score form, the
  // statistics' read cache): a new version when they changed.
  if (changed) {
    await tx
      .update(matches)
      .set({ version: sql`${matches.version} + 1` })
      .where(eq(matches.id, matchId));
  }
  return changed;
}

/** The match with what the statistics page shows about it (game slug, team names, series score). */
export async function matchSummary(db: Conn, matchId: number) {
  const [row] = await db
    .select({
      id: matches.id,
      statusId: matches.statusId,
      gameId: matches.gameId,
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

/** The match's restores at the score (oldest first). */
export async function restoresOfMatch(db: Conn, matchId: number) {
  return db
    .select({
      matchMapId: matchMapRestores.matchMapId,
      reason: matchMapRestores.reason,
      firstScore: matchMapRestores.firstScore,
      secondScore: matchMapRestores.secondScore,
      attackRounds: matchMapRestores.attackRounds,
      defenceRounds: matchMapRestores.defenceRounds,
      at: matchMapRestores.at,
    })
    .from(matchMapRestores)
    .where(eq(matchMapRestores.matchId, matchId))
    .orderBy(asc(matchMapRestores.at), asc(matchMapRestores.id));
}

/** Who each log player of the match is, per match map (as the statistics resolved them), with usernames. */
export async function statsIdentitiesOfMatch(db: Conn, matchId: number) {
  return db
    .select({
      matchMapId: playerMapStats.matchMapId,
      guid: playerMapStats.guid,
      userId: playerMapStats.userId,
      side: playerMapStats.side,
      inGameName: playerMapStats.inGameName,
      username: users.username,
    })
    .from(playerMapStats)
    .leftJoin(users, eq(users.id, playerMapStats.userId))
    .where(eq(playerMapStats.matchId, matchId));
}
