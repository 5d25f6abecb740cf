import { FINAL_STATUSES } from '@versus/common/match/statuses';
import { and, count, desc, eq, exists, notInArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { matchPlayers, matches, teams, users } from '../../db/schema/index.ts';

/** Finished and cancelled matches are no longer "active". */
export const INACTIVE_STATUSES = [...FINAL_STATUSES];

const challengerTeam = alias(teams, 'challenger_team');
const opponentTeam = alias(teams, 'opponent_team');
const challengerCaptain = alias(users, 'challenger_captain');
const opponentCaptain = alias(users, 'opponent_captain');

/** Matches not finished or cancelled in which the user plays (on a roster) or acts as a captain. */
function activeFor(db: Db, userId: number) {
  return and(
    notInArray(matches.statusId, INACTIVE_STATUSES),
    or(
      eq(matches.challengerCaptainId, userId),
      eq(matches.opponentCaptainId, userId),
      exists(
        db
          .select({ one: matchPlayers.id })
          .from(matchPlayers)
          .where(and(eq(matchPlayers.matchId, matches.id), eq(matchPlayers.userId, userId))),
      ),
    ),
  );
}

export async function countActiveMatches(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(matches).where(activeFor(db, userId));
  return row?.n ?? 0;
}

/** A page of the user's active matches, newest first, with both sides' names. */
export async function listActiveMatches(db: Db, userId: number, limit: number, offset: number) {
  return db
    .select({
      id: matches.id,
      type: matches.type,
      tournamentId: matches.tournamentId,
      statusId: matches.statusId,
      startDate: matches.startDate,
      expectedStartDate: matches.expectedStartDate,
      createdAt: matches.createdAt,
      challengerTeamName: challengerTeam.name,
      opponentTeamName: opponentTeam.name,
      challengerCaptainName: challengerCaptain.username,
      opponentCaptainName: opponentCaptain.username,
    })
    .from(matches)
    .leftJoin(challengerTeam, eq(challengerTeam.id, matches.challengerTeamId))
    .leftJoin(opponentTeam, eq(opponentTeam.id, matches.opponentTeamId))
    .leftJoin(challengerCaptain, eq(challengerCaptain.id, matches.challengerCaptainId))
    .leftJoin(opponentCaptain, eq(opponentCaptain.id, matches.opponentCaptainId))
    .where(activeFor(db, userId))
    .orderBy(desc(matches.id))
    .limit(limit)
    .offset(offset);
}

export type ActiveMatchRow = Awaited<ReturnType<typeof listActiveMatches>>[number];
