// The veto panel's status line and the client-side checks of a map click (docs/match-room.md, "Map veto").
import { vetoClickRefusal as decideVetoClickRefusal } from '@versus/common/match/click-refusal';
import type { VetoClickView } from '@versus/common/match/click-refusal';
import type { VetoMapEntry, VetoMatch } from '@versus/common/api/matches';
import { STATUS } from '@versus/common/match/statuses';

export const AUTO_VETO_STARTING = 'Auto-Veto is starting ...';
export const AUTO_VETO_IN_PROGRESS = 'Auto-Veto in progress ...';

/** A map can no longer be chosen once picked, removed (by a team or the system, -1) or the decider. */
export function isMapUnavailable(map: VetoMapEntry): boolean {
  return map.pickedByTeamId !== null || map.removedByTeamId !== null || map.deciderMap;
}

/** The captain of the team with `teamId` (team ids of solo-queue sides are 1 and 2). */
export function captainOfTeam(match: VetoMatch, teamId: number | null): string | null {
  if (teamId === null) return null;
  if (match.challengerTeam?.id === teamId) return match.challengerUser?.username ?? null;
  if (match.opponentTeam?.id === teamId) return match.opponentUser?.username ?? null;
  return null;
}

function tagOfTeam(match: VetoMatch, teamId: number): string | null {
  if (match.challengerTeam?.id === teamId) return match.challengerTeam.tag;
  if (match.opponentTeam?.id === teamId) return match.opponentTeam.tag;
  return null;
}

/**
 * The status line, for `nowSeconds` (unix seconds): empty outside the veto; "Auto-Veto is starting ..."
 * without a deadline; "Auto-Veto in progress ..." once it passed; else
 * "{team tag} {user} is removing a map | {n} seconds remaining ..." ("picking" for a pick step), the tag
 * left out when it equals the user name, "N/A" for an unknown user.
 */
export function vetoStatusText(match: VetoMatch, nowSeconds: number): string {
  if (match.statusId !== STATUS.mapVeto) return '';
  if (match.timeRemaining === null || match.timeRemaining === undefined) return AUTO_VETO_STARTING;
  const seconds = Math.floor(match.timeRemaining - nowSeconds);
  if (seconds <= 0) return AUTO_VETO_IN_PROGRESS;
  const turn = match.vetoDetail;
  const user =
    [match.challengerUser, match.opponentUser].find((u) => u && u.id === turn?.userId)?.username ??
    (turn && captainOfTeam(match, turn.teamId)) ??
    'N/A';
  const tag = turn ? tagOfTeam(match, turn.teamId) : null;
  const who = tag && tag !== user ? `${tag} ${user}` : user;
  const action = turn?.step === 'pick' ? 'is picking a map' : 'is removing a map';
  return `${who} ${action} | ${seconds} seconds remaining ...`;
}

/** While the system is (about to be) choosing, a click must do nothing. */
export function isAutoVetoRunning(statusText: string): boolean {
  return statusText === AUTO_VETO_STARTING || statusText === AUTO_VETO_IN_PROGRESS;
}

/** The shared click rule's view of a click on `map`, built from the veto match the room shows. */
export function vetoClickView(match: VetoMatch, map: VetoMapEntry, nowSeconds?: number): VetoClickView {
  const captain = (user: VetoMatch['challengerUser']) => ({
    userId: user?.id ?? null,
    username: user?.username ?? null,
  });
  const deadline = match.timeRemaining;
  return {
    captains: [captain(match.challengerUser), captain(match.opponentUser)],
    turnUserId: match.vetoDetail?.userId ?? null,
    turnOver: nowSeconds !== undefined && deadline !== null && nowSeconds >= deadline,
    // The grid shows only the match's pool, so a clicked map is always in it.
    map: { name: map.map.name, available: !isMapUnavailable(map) },
  };
}

/**
 * Why a click by `userId` on `map` must not reach the server (the message the server would answer, from
 * common's click rule), or null when it may.
 */
export function vetoClickRefusal(
  match: VetoMatch,
  map: VetoMapEntry,
  userId: number | null,
  nowSeconds?: number,
): string | null {
  return decideVetoClickRefusal(vetoClickView(match, map, nowSeconds), userId)?.message ?? null;
}
