// Queries of a player's statistics over time (the profile's figures, tables and rating series); no rules here.
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  ladders,
  maps,
  matches,
  matchMaps,
  matchPlayers,
  playerMapStats,
  ratingHistory,
  soloQueues,
  teams,
  tournaments,
  users,
} from '../../db/schema/index.ts';

const challengerTeam = alias(teams, 'challenger_team');
const opponentTeam = alias(teams, 'opponent_team');
const challengerCaptain = alias(users, 'challenger_captain');
const opponentCaptain = alias(users, 'opponent_captain');

/** Finished and played: a walkover has no games to count. */
const played = and(eq(matches.statusId, STATUS.finished), eq(matches.forfeit, false));
const finishedAt = sql<Date>`coalesce(${matches.finishedAt}, ${matches.updatedAt})`.mapWith(
  matches.updatedAt,
);

/** The player's finished, played matches, newest first, with their side, result and opponent's names. */
export async function playedMatches(db: Db, userId: number) {
  return db
    .select({
      id: matches.id,
      type: matches.type,
      ladderId: matches.ladderId,
      tournamentId: matches.tournamentId,
      soloQueueId: matches.soloQueueId,
      competitionName: sql<string | null>`coalesce(${ladders.name}, ${tournaments.name}, ${soloQueues.name})`,
      finishedAt,
      winnerSide: matches.winnerSide,
      side: matchPlayers.side,
      teamId: matchPlayers.teamId,
      challengerTeamName: challengerTeam.name,
      opponentTeamName: opponentTeam.name,
      challengerCaptainName: challengerCaptain.username,
      opponentCaptainName: opponentCaptain.username,
    })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
    .leftJoin(ladders, eq(ladders.id, matches.ladderId))
    .leftJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .leftJoin(soloQueues, eq(soloQueues.id, matches.soloQueueId))
    .leftJoin(challengerTeam, eq(challengerTeam.id, matches.challengerTeamId))
    .leftJoin(opponentTeam, eq(opponentTeam.id, matches.opponentTeamId))
    .leftJoin(challengerCaptain, eq(challengerCaptain.id, matches.challengerCaptainId))
    .leftJoin(opponentCaptain, eq(opponentCaptain.id, matches.opponentCaptainId))
    .where(and(eq(matchPlayers.userId, userId), inArray(matchPlayers.side, [1, 2]), played))
    .orderBy(desc(finishedAt), desc(matches.id));
}
export type PlayedMatchRow = Awaited<ReturnType<typeof playedMatches>>[number];

/** The player's statistics rows of finished, played matches, with the map's name and its score. */
export async function playerMapRows(db: Db, userId: number) {
  return db
    .select({
      matchId: playerMapStats.matchId,
      mapId: playerMapStats.mapId,
      mapName: maps.name,
      nameCmd: maps.nameCmd,
      side: playerMapStats.side,
      // The entered score when there is one, else the log's (challenger first).
      firstScore: sql<number | null>`coalesce(${matchMaps.firstScore}, ${matchMaps.logFirstScore})`,
      secondScore: sql<number | null>`coalesce(${matchMaps.secondScore}, ${matchMaps.logSecondScore})`,
      kills: playerMapStats.kills,
      deaths: playerMapStats.deaths,
      damage: playerMapStats.damage,
      headshots: playerMapStats.headshots,
      plants: playerMapStats.plants,
      defuses: playerMapStats.defuses,
      roundsPlayed: playerMapStats.roundsPlayed,
      roundsSurvived: playerMapStats.roundsSurvived,
      rounds1k: playerMapStats.rounds1k,
      rounds2k: playerMapStats.rounds2k,
      rounds3k: playerMapStats.rounds3k,
      rounds4k: playerMapStats.rounds4k,
      rounds5k: playerMapStats.rounds5k,
    })
    .from(playerMapStats)
    .innerJoin(matches, eq(matches.id, playerMapStats.matchId))
    .innerJoin(matchMaps, eq(matchMaps.id, playerMapStats.matchMapId))
    .innerJoin(maps, eq(maps.id, playerMapStats.mapId))
    .where(and(eq(playerMapStats.userId, userId), played))
    .orderBy(asc(playerMapStats.id));
}
export type PlayerMapRow = Awaited<ReturnType<typeof playerMapRows>>[number];

/** The player's own (solo-queue) rating changes, oldest first. */
export async function playerRatingChanges(db: Db, userId: number) {
  return db
    .select({ matchId: ratingHistory.matchId, rating: ratingHistory.newRating, at: ratingHistory.createdAt })
    .from(ratingHistory)
    .where(eq(ratingHistory.userId, userId))
    .orderBy(asc(ratingHistory.createdAt), asc(ratingHistory.id));
}

/**
 * The team ratings (not ladder standings) of the teams the player played for, changed by matches they
 * played for that team, oldest first. Read from the player's roster rows (the user index), then each match's
 * rating rows (the match index), never a scan of the whole history.
 */
export async function teamRatingChanges(db: Db, userId: number) {
  return db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      teamSlug: teams.slug,
      current: teams.rating,
      matchId: ratingHistory.matchId,
      rating: ratingHistory.newRating,
      at: ratingHistory.createdAt,
    })
    .from(matchPlayers)
    .innerJoin(
      ratingHistory,
      and(
        eq(ratingHistory.matchId, matchPlayers.matchId),
        eq(ratingHistory.teamId, matchPlayers.teamId),
        isNull(ratingHistory.ladderId),
      ),
    )
    .innerJoin(teams, eq(teams.id, ratingHistory.teamId))
    .where(eq(matchPlayers.userId, userId))
    .orderBy(asc(teams.name), asc(ratingHistory.createdAt), asc(ratingHistory.id));
}

/** The user's id and current solo-queue rating by name (case-insensitive), or null. */
export async function playerByName(db: Db, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, elo: users.elo })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row ?? null;
}
