// The spec's pug data (Player Picker modal) from a loaded solo-queue match. The same shape answers
// `GET /api/v1/pug/{matchId}/users` and rides on `OnMatchPlayerPickerUpdate`.
import { pickerSide } from '@versus/common/match/pick';
import { SIDE_CHALLENGER, SIDE_OPPONENT, SIDE_UNASSIGNED, teamIdOfSide } from '@versus/common/match/state';
import type { MatchSideState } from '@versus/common/match/state';
import type { PickData, PickUser } from '@versus/common/api/pick';
import type { UserRow } from '../../../db/schema/index.ts';
import { isSafeColor } from '../../../lib/html.ts';
import type { MatchRecord } from '../core/match-state.mapper.ts';

const safeColor = (value: string | null): string | null => (isSafeColor(value) ? value : null);

function captainUser(record: MatchRecord, side: MatchSideState): PickData['challengerUser'] {
  const user = side.captainUserId === null ? undefined : record.users.get(side.captainUserId);
  return user ? { id: user.id, username: user.username, color: safeColor(user.color) } : null;
}

function pickUser(record: MatchRecord, user: UserRow, side: number): PickUser {
  const match = record.state;
  return {
    id: user.id,
    username: user.username,
    image: user.image,
    color: safeColor(user.color),
    backgroundColor: safeColor(user.backgroundColor),
    className: user.className,
    elo: user.elo,
    teamId: side === SIDE_CHALLENGER || side === SIDE_OPPONENT ? teamIdOfSide(match, side) : SIDE_UNASSIGNED,
  };
}

/** Users by rating (highest first, then name), as the pool grid lists them. */
export function presentPickData(record: MatchRecord): PickData {
  const match = record.state;
  const picker = pickerSide(match);
  const users = match.players
    .flatMap((p) => {
      const user = record.users.get(p.userId);
      return user ? [pickUser(record, user, p.side)] : [];
    })
    .sort((a, b) => b.elo - a.elo || a.username.localeCompare(b.username));
  return {
    users,
    challengerTeamId: teamIdOfSide(match, SIDE_CHALLENGER),
    opponentTeamId: teamIdOfSide(match, SIDE_OPPONENT),
    challengerUser: captainUser(record, match.challenger),
    opponentUser: captainUser(record, match.opponent),
    pickerTeamId: picker === null ? null : teamIdOfSide(match, picker),
    timeRemaining:
      picker === null || match.pick.deadline === null ? null : Math.floor(match.pick.deadline / 1000),
  };
}
