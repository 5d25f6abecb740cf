import { FINAL_STATUSES } from '@versus/common/match/statuses';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { matchPlayers, matches, teams, users } from '../../db/schema/index.ts';

/** Finished and cancelled matches are no longer "active". */
export const INACTIVE_STATUSES = [...FINAL_STATUSES];

const challengerTeam = alias(teams, 'challenger_team');
const opponentTeam = alias(teams, 'opponent_team');
const challengerCaptain = alias(users, 'challenger_captain');
const opponentCaptain = alias(users, 'opponent_captain');

/**
 * Matches not finished or cancelled in which the user acts as a captain or plays (on a roster). Written so
 * that PostgreSQL reads only the user's own entries: the statuses are literals (not parameters), which the
 * planner matches with the partial indexes' predicate, and the roster's match ids come as an array, so the
 * three conditions are one bitmap OR of the captains' active indexes and `matches_active_idx` (the ids off
 * the user's entries of `match_players_user_idx`). The world's other open matches are never scanned.
 */
function activeFor(db: Db, userId: number) {
  const played = db
    .select({ id: matchPlayers.matchId })
    .from(matchPlayers)
    .where(eq(matchPlayers.userId, userId));
  return and(
    sql`${matches.statusId} not in (${sql.raw(INACTIVE_STATUSES.join(', '))})`,
    or(
      eq(matches.challengerCaptainId, userId),
      eq(matches.opponentCaptainId, userId),
      sql`${matches.id} = any(array(${played}))`,
    ),
  );
}

/**
 * A page of the user's active matches, newest first, with both sides' names, and how many there are (counted
 * beside the rows, so one round trip; a page past the end counts them in a second statement).
 */
export async function readActiveMatches(db: Db, userId: number, limit: number, offset: number) {
  const found = await db
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
      total: sql<number>`count(*) over ()`.mapWith(Number),
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
  const first = found[0];
  if (first) return { rows: found, total: first.total };
  if (offset === 0) return { rows: found, total: 0 };
  const [counted] = await db.select({ n: count() }).from(matches).where(activeFor(db, userId));
  return { rows: found, total: counted?.n ?? 0 };
}

export type ActiveMatchRow = Awaited<ReturnType<typeof readActiveMatches>>['rows'][number];
