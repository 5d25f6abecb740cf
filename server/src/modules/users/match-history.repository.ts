// Recent matches of a player or a team, for profile pages. Finished (5), disputed (6) and cancelled (7)
// matches, newest first.
import { STATUS } from '@versus/common/match/statuses';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { matchPlayers, matches, teams, users } from '../../db/schema/index.ts';

const DONE_STATUSES = [STATUS.finished, STATUS.disputed, STATUS.cancelled];
const challengerTeam = alias(teams, 'challenger_team');
const opponentTeam = alias(teams, 'opponent_team');
const challengerCaptain = alias(users, 'challenger_captain');
const opponentCaptain = alias(users, 'opponent_captain');

const columns = {
  id: matches.id,
  type: matches.type,
  statusId: matches.statusId,
  createdAt: matches.createdAt,
  finishedAt: matches.finishedAt,
  cancelledAt: matches.cancelledAt,
  challengerScore: matches.challengerScore,
  opponentScore: matches.opponentScore,
  winnerSide: matches.winnerSide,
  forfeit: matches.forfeit,
  challengerRatingDelta: matches.challengerRatingDelta,
  opponentRatingDelta: matches.opponentRatingDelta,
  challengerTeam: { id: challengerTeam.id, name: challengerTeam.name, slug: challengerTeam.slug },
  opponentTeam: { id: opponentTeam.id, name: opponentTeam.name, slug: opponentTeam.slug },
  challengerCaptainName: challengerCaptain.username,
  opponentCaptainName: opponentCaptain.username,
};

function base(db: Db) {
  return db
    .select(columns)
    .from(matches)
    .leftJoin(challengerTeam, eq(challengerTeam.id, matches.challengerTeamId))
    .leftJoin(opponentTeam, eq(opponentTeam.id, matches.opponentTeamId))
    .leftJoin(challengerCaptain, eq(challengerCaptain.id, matches.challengerCaptainId))
    .leftJoin(opponentCaptain, eq(opponentCaptain.id, matches.opponentCaptainId));
}

const newestFirst = [desc(sql`coalesce(${matches.finishedAt}, ${matches.updatedAt})`), desc(matches.id)];

export type HistoryMatchRow = Awaited<ReturnType<typeof teamMatchHistory>>[number];

export async function teamMatchHistory(db: Db, teamId: number, limit: number) {
  return base(db)
    .where(
      and(
        inArray(matches.statusId, DONE_STATUSES),
        or(eq(matches.challengerTeamId, teamId), eq(matches.opponentTeamId, teamId)),
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The player's matches with the side they played on and their own rating change (solo-queue). */
export async function userMatchHistory(db: Db, userId: number, limit: number) {
  return db
    .select({ ...columns, side: matchPlayers.side, playerRatingDelta: matchPlayers.ratingDelta })
    .from(matches)
    .innerJoin(matchPlayers, and(eq(matchPlayers.matchId, matches.id), eq(matchPlayers.userId, userId)))
    .leftJoin(challengerTeam, eq(challengerTeam.id, matches.challengerTeamId))
    .leftJoin(opponentTeam, eq(opponentTeam.id, matches.opponentTeamId))
    .leftJoin(challengerCaptain, eq(challengerCaptain.id, matches.challengerCaptainId))
    .leftJoin(opponentCaptain, eq(opponentCaptain.id, matches.opponentCaptainId))
    .where(inArray(matches.statusId, DONE_STATUSES))
    .orderBy(...newestFirst)
    .limit(limit);
}
