// What the league rules need to know beyond one match (docs/league-rules.md): how many members a team has,
// and which players already play a match in play. Commands that could put a player in two matches at once
// take each player's lock first (a transaction-scoped advisory lock, in user id order), so two accepts or
// readies for one player in two teams are decided one after the other: the second reads the first's
// committed match and is refused.
import type { PlayingElsewhere } from '@versus/common/match/league-rules';
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { matches, matchPlayers, teamMembers, users } from '../../db/schema/index.ts';

type Queryable = Db | Tx;

/**
 * The advisory-lock key space of the player locks (the two-key form, so it never meets a one-key lock such
 * as the team-slug lock); the second key is the user id.
 */
const PLAYER_LOCK_SPACE = 0x706c6179;

/**
 * Takes the players' locks until the transaction ends, in ascending id order so two transactions never
 * wait for each other in a circle. Callers take them after any match or queue row lock they hold and
 * take no row lock after them.
 */
export async function lockPlayers(tx: Tx, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  for (const id of ids) {
    await tx.execute(sql`select pg_advisory_xact_lock(${PLAYER_LOCK_SPACE}::int, ${id}::int)`);
  }
}

/**
 * Whether a match holds a player row (see `IN_PLAY_STATUSES` and `holdsPlayers` in common): statuses 10,
 * 11, 2, 4 and 8, and the ready check (9) once the player's side is ready.
 */
const holdsPlayer = or(
  inArray(matches.statusId, [
    STATUS.playerSelect,
    STATUS.locationSelect,
    STATUS.mapVeto,
    STATUS.inProgress,
    STATUS.scoreEntered,
  ]),
  and(
    eq(matches.statusId, STATUS.readyUp),
    or(
      and(eq(matchPlayers.side, 1), eq(matches.challengerReady, true)),
      and(eq(matchPlayers.side, 2), eq(matches.opponentReady, true)),
    ),
  ),
);

/** Of `userIds`, those who play a match in play other than `exceptMatchId` (with that match's id). */
export async function playingElsewhere(
  db: Queryable,
  userIds: readonly number[],
  exceptMatchId: number | null,
): Promise<PlayingElsewhere[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ userId: matchPlayers.userId, username: users.username, matchId: matches.id })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .where(
      and(
        inArray(matchPlayers.userId, ids),
        exceptMatchId === null ? undefined : ne(matches.id, exceptMatchId),
        holdsPlayer,
      ),
    )
    .orderBy(asc(matches.id), asc(matchPlayers.userId));
  return rows;
}

/** Members of each team (teams without members are absent). */
export async function memberCounts(db: Queryable, teamIds: readonly number[]): Promise<Map<number, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ teamId: teamMembers.teamId, n: count() })
    .from(teamMembers)
    .where(inArray(teamMembers.teamId, [...teamIds]))
    .groupBy(teamMembers.teamId);
  return new Map(rows.map((r) => [r.teamId, Number(r.n)]));
}

/** A team's member count now (0 for an empty team). */
export async function memberCount(db: Queryable, teamId: number): Promise<number> {
  return (await memberCounts(db, [teamId])).get(teamId) ?? 0;
}
