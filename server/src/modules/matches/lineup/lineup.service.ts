// Lineups: who of each team's roster plays the match (see common/src/match/lineup.ts for the rules). The
// captain sets theirs through the machine's `lineup.set` (or with `challenge.accept`); the roster is read
// under the match's row lock, so the lineup is checked against the team as it is at that moment.
import { isLineupComplete, LINEUP_TEXTS, lineupOf, lineupSizeOf } from '@versus/common/match/lineup';
import { canSetLineup } from '@versus/common/match/policies';
import { captainSide, otherSide, sideState } from '@versus/common/match/state';
import type { MatchState, Side } from '@versus/common/match/state';
import type { MatchLineups } from '@versus/common/api/matches';
import type { AppContext } from '../../../core/app-context.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { formatUsername } from '../../users/index.ts';
import { lineupChoice, rosterOf } from './lineup-roster.repository.ts';
import { runMatchCommand } from '../core/match-runner.ts';
import { actorOf, readMatch, viewerOf } from '../core/match.service.ts';

export async function setLineup(ctx: AppContext, user: UserRow, matchId: number, userIds: number[]) {
  await runMatchCommand(ctx, matchId, async (match, { tx }) => ({
    type: 'lineup.set',
    actor: actorOf(user),
    ...(await lineupChoice(tx, match, user.id, userIds, ctx.now())),
  }));
  return { message: LINEUP_TEXTS.saved };
}

function sideView(match: MatchState, side: Side) {
  return {
    name: sideState(match, side).name,
    size: lineupSizeOf(match, side),
    complete: isLineupComplete(match, side),
    players: lineupOf(match, side).map((p) => ({ id: p.userId, username: p.username })),
  };
}

/** Both lineups; a captain also gets their roster (to choose from) and whether they may still edit. */
export async function getLineups(
  ctx: AppContext,
  matchId: number,
  user: UserRow | null,
): Promise<MatchLineups> {
  const record = await readMatch(ctx, matchId);
  const match = record.state;
  const side = captainSide(match, user?.id ?? null);
  const roster = side === null ? [] : await rosterOf(ctx.db, sideState(match, side).teamId);
  const own = side === null ? [] : lineupOf(match, side).map((p) => p.userId);
  const other = side === null ? [] : lineupOf(match, otherSide(side)).map((p) => p.userId);
  return {
    teamSize: match.settings.teamSize,
    challenger: sideView(match, 1),
    opponent: sideView(match, 2),
    canEdit: canSetLineup(match, viewerOf(user)),
    side,
    roster: roster.map((u) => ({
      id: u.id,
      username: u.username,
      formattedUsername: formatUsername(u),
      inLineup: own.includes(u.id),
      inOtherLineup: other.includes(u.id),
    })),
  };
}
