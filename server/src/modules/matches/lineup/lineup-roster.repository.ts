// Team rosters for lineups, read in the caller's transaction (under the match's row lock for commands).
import type { LineupChoice, RosterPlayer } from '@versus/common/match/commands';
import { captainSide, sideState } from '@versus/common/match/state';
import type { MatchState } from '@versus/common/match/state';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { teamMembers, users } from '../../../db/schema/index.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { assertNoneBanned } from '../../bans/index.ts';

/** A team's roster (by username), as the machine needs it. */
export async function rosterOf(db: Db | Tx, teamId: number | null): Promise<UserRow[]> {
  if (teamId === null) return [];
  const rows = await db
    .select({ user: users })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(users.username));
  return rows.map((r) => r.user);
}

const asRoster = (rows: UserRow[]): RosterPlayer[] =>
  rows.map((u) => ({ userId: u.id, username: u.username, rating: u.elo }));

/** The captain's lineup choice with their team's roster read in `tx` (under the row lock). */
export async function lineupChoice(
  tx: Tx,
  match: MatchState,
  userId: number,
  userIds: number[],
  now: number,
): Promise<LineupChoice> {
  // A banned account is in no lineup (docs/moderation.md): the captain's own ban first, then a chosen player's.
  await assertNoneBanned(tx, userId, userIds, now);
  const side = captainSide(match, userId);
  const teamId = side === null ? null : sideState(match, side).teamId;
  return { userIds, roster: asRoster(await rosterOf(tx, teamId)) };
}
