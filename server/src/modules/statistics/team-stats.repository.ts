// Queries of a team's figures (team-stats.ts): the team's finished matches, their maps and its members'
// summed statistics in them, its rating's changes; no rules here.
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  maps,
  matches,
  matchMaps,
  matchPlayers,
  playerMapStats,
  ratingHistory,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.ts';

/** A match with a result. */
const FINISHED = STATUS.finished;

export async function teamBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ id: teams.id, slug: teams.slug, name: teams.name })
    .from(teams)
    .where(eq(teams.slug, slug));
  return row ?? null;
}

const ofTeam = (teamId: number) =>
  and(
    eq(matches.statusId, FINISHED),
    or(eq(matches.challengerTeamId, teamId), eq(matches.opponentTeamId, teamId)),
  );

/** The team's finished matches (both team indexes answer it). */
export async function finishedMatchesOfTeam(db: Db, teamId: number) {
  return db
    .select({
      id: matches.id,
      challengerTeamId: matches.challengerTeamId,
      opponentTeamId: matches.opponentTeamId,
      challengerScore: matches.challengerScore,
      opponentScore: matches.opponentScore,
      winnerSide: matches.winnerSide,
      finishedAt: matches.finishedAt,
    })
    .from(matches)
    .where(ofTeam(teamId));
}

/** The played maps of the team's finished matches with their scores (entered, else the log's). */
export async function playedMapsOfTeam(db: Db, teamId: number) {
  return db
    .select({
      matchId: matchMaps.matchId,
      mapId: matchMaps.mapId,
      name: maps.name,
      challengerTeamId: matches.challengerTeamId,
      first: sql<number | null>`coalesce(${matchMaps.firstScore}, ${matchMaps.logFirstScore})`,
      second: sql<number | null>`coalesce(${matchMaps.secondScore}, ${matchMaps.logSecondScore})`,
    })
    .from(matchMaps)
    .innerJoin(matches, eq(matches.id, matchMaps.matchId))
    .innerJoin(maps, eq(maps.id, matchMaps.mapId))
    .where(and(ofTeam(teamId), isNotNull(matchMaps.mapOrder)));
}

/** The current roster. */
export async function membersOf(db: Db, teamId: number) {
  return db
    .select({ userId: users.id, username: users.username, flag: users.flag })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(users.username));
}

/** Each member's statistics summed over the finished matches they played for this team. */
export async function memberStatsForTeam(db: Db, teamId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: sql<number>`${playerMapStats.userId}`,
      matches: sql<number>`count(distinct ${playerMapStats.matchId})::int`,
      kills: sql<number>`sum(${playerMapStats.kills})::int`,
      deaths: sql<number>`sum(${playerMapStats.deaths})::int`,
      roundsPlayed: sql<number>`sum(${playerMapStats.roundsPlayed})::int`,
      roundsSurvived: sql<number>`sum(${playerMapStats.roundsSurvived})::int`,
      rounds1k: sql<number>`sum(${playerMapStats.rounds1k})::int`,
      rounds2k: sql<number>`sum(${playerMapStats.rounds2k})::int`,
      rounds3k: sql<number>`sum(${playerMapStats.rounds3k})::int`,
      rounds4k: sql<number>`sum(${playerMapStats.rounds4k})::int`,
      rounds5k: sql<number>`sum(${playerMapStats.rounds5k})::int`,
    })
    .from(playerMapStats)
    .innerJoin(matches, eq(matches.id, playerMapStats.matchId))
    .innerJoin(
      matchPlayers,
      and(eq(matchPlayers.matchId, playerMapStats.matchId), eq(matchPlayers.userId, playerMapStats.userId)),
    )
    .where(
      and(
        inArray(playerMapStats.userId, userIds),
        eq(matchPlayers.teamId, teamId),
        eq(matches.statusId, FINISHED),
      ),
    )
    .groupBy(playerMapStats.userId);
}

/** Slugs and names of teams, by name. */
export async function teamNames(db: Db, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  return db
    .select({ slug: teams.slug, name: teams.name })
    .from(teams)
    .where(inArray(teams.id, teamIds))
    .orderBy(asc(teams.name));
}

/** The team rating's changes (ladder standings left out), oldest first: the team index answers it. */
export async function teamRatingHistory(db: Db, teamId: number) {
  return db
    .select({ matchId: ratingHistory.matchId, rating: ratingHistory.newRating, at: ratingHistory.createdAt })
    .from(ratingHistory)
    .where(and(eq(ratingHistory.teamId, teamId), isNull(ratingHistory.ladderId)))
    .orderBy(asc(ratingHistory.createdAt), asc(ratingHistory.id));
}
