// Recent matches of a player or a team, for profile pages. Finished (5), disputed (6) and cancelled (7)
// matches, newest first.
import { STATUS } from '@versus/common/match/statuses';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, IdRef } from '../../db/client.ts';
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
  awardReason: matches.awardReason,
  cancelReason: matches.cancelReason,
  cancelledByUserId: matches.cancelledByUserId,
  challengerCaptainId: matches.challengerCaptainId,
  opponentCaptainId: matches.opponentCaptainId,
  challengerRatingDelta: matches.challengerRatingDelta,
  opponentRatingDelta: matches.opponentRatingDelta,
  challengerTeam: { id: challengerTeam.id, name: challengerTeam.name, slug: challengerTeam.slug },
  opponentTeam: { id: opponentTeam.id, name: opponentTeam.name, slug: opponentTeam.slug },
  challengerCaptainName: challengerCaptain.username,
  opponentCaptainName: opponentCaptain.username,
};

/** The columns above for the chosen matches: the joins run for the page's rows only, not the whole history. */
function withNames(db: Db, chosen: ReturnType<typeof chosenMatches>) {
  return db
    .select({ ...columns, side: chosen.side, playerRatingDelta: chosen.playerRatingDelta })
    .from(chosen)
    .innerJoin(matches, eq(matches.id, chosen.id))
    .leftJoin(challengerTeam, eq(challengerTeam.id, matches.challengerTeamId))
    .leftJoin(opponentTeam, eq(opponentTeam.id, matches.opponentTeamId))
    .leftJoin(challengerCaptain, eq(challengerCaptain.id, matches.challengerCaptainId))
    .leftJoin(opponentCaptain, eq(opponentCaptain.id, matches.opponentCaptainId))
    .orderBy(desc(chosen.at), desc(chosen.id));
}

const finishedAt = sql<Date>`coalesce(${matches.finishedAt}, ${matches.updatedAt})`;

/** The newest `limit` done matches matching `where` (with the player's side, when `userId` is given). */
function chosenMatches(db: Db, limit: number | Placeholder, teamId: IdRef | null, userId: IdRef | null) {
  const picked = {
    id: matches.id,
    at: finishedAt.as('at'),
    side: sql<number | null>`${userId === null ? sql`null::smallint` : matchPlayers.side}`.as('side'),
    playerRatingDelta: sql<
      number | null
    >`${userId === null ? sql`null::integer` : matchPlayers.ratingDelta}`.as('player_rating_delta'),
  };
  const done = inArray(matches.statusId, DONE_STATUSES);
  const query =
    userId === null
      ? db
          .select(picked)
          .from(matches)
          .where(
            and(done, or(eq(matches.challengerTeamId, teamId ?? 0), eq(matches.opponentTeamId, teamId ?? 0))),
          )
      : db
          .select(picked)
          .from(matches)
          .innerJoin(matchPlayers, and(eq(matchPlayers.matchId, matches.id), eq(matchPlayers.userId, userId)))
          .where(done);
  return query.orderBy(desc(finishedAt), desc(matches.id)).limit(limit).as('chosen');
}

/** The history query of a team or a player (a player's rows carry their side and own rating change). */
const historyOf = (db: Db, limit: number | Placeholder, teamId: IdRef | null, userId: IdRef | null) =>
  withNames(db, chosenMatches(db, limit, teamId, userId));

export type HistoryMatchRow = Awaited<ReturnType<typeof historyOf>>[number];

/**
 * The two profile pages' histories as prepared statements (one per database handle): built once, and on
 * PostgreSQL parsed and planned once per pooled connection; each finds its user or team by the page's key.
 */
function preparedHistories(db: Db) {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    const limit = sql.placeholder('limit');
    const byName = sql`(select ${users.id} from ${users} where lower(${users.username}) = ${sql.placeholder('key')} limit 1)`;
    const bySlug = sql`(select ${teams.id} from ${teams} where ${teams.slug} = ${sql.placeholder('key')})`;
    prepared = {
      user: historyOf(db, limit, null, byName).prepare('user_match_history_by_name'),
      team: historyOf(db, limit, bySlug, null).prepare('team_match_history_by_slug'),
    };
    preparedByDb.set(db, prepared);
  }
  return prepared;
}

interface PreparedHistories {
  user: { execute(values: Record<string, unknown>): Promise<HistoryMatchRow[]> };
  team: { execute(values: Record<string, unknown>): Promise<HistoryMatchRow[]> };
}
const preparedByDb = new WeakMap<Db, PreparedHistories>();

/** The match history of the user named `username` (case-insensitive; none: no rows). */
export async function userMatchHistoryByName(db: Db, username: string, limit: number) {
  return preparedHistories(db).user.execute({ key: username.toLowerCase(), limit });
}

/** The match history of the team with `slug` (none: no rows). */
export async function teamMatchHistoryBySlug(db: Db, slug: string, limit: number) {
  return preparedHistories(db).team.execute({ key: slug.toLowerCase(), limit });
}
