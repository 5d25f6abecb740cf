// The veto panel's status line (spec section 4) and the client-side checks of a map click (section 5).
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
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

/** Why a click by `userId` on `map` must not reach the server, or null when it may. */
export function vetoClickRefusal(match: VetoMatch, map: VetoMapEntry, userId: number | null): string | null {
  const captains = [match.challengerUser, match.opponentUser];
  if (userId === null || !captains.some((c) => c?.id === userId)) {
    const names = captains.map((c) => c?.username ?? 'N/A').join(', ');
    return `${MATCH_TEXTS.vetoNotParticipantPrefix} ${names}`;
  }
  if (match.vetoDetail?.userId !== userId) return MATCH_TEXTS.vetoNotYourTurn;
  if (isMapUnavailable(map)) return `${map.map.name} ${MATCH_TEXTS.vetoMapTakenSuffix}`;
  return null;
}
