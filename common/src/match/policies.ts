// Permission predicates, used by the server both to enforce and to compute the flags it sends (habit 6).
// Where a command exists, the flag asks the machine itself whether the command would be accepted, so a
// flag can never promise what the command then refuses.
import { cancelKind } from './challenge.ts';
import type { MatchCommand } from './commands.ts';
import { decide } from './machine.ts';
import { lineupOpen } from './lineup.ts';
import { pickPool, pickRefusal } from './pick.ts';
import { subsClosed } from './sub.ts';
import { captainSide, playerSide } from './state.ts';
import type { MatchState } from './state.ts';
import { STATUS } from './statuses.ts';
import { isMapAvailable, vetoRefusal } from './veto.ts';

/** Who is looking: `userId` null for a signed-out visitor. */
export interface Viewer {
  userId: number | null;
  isAdmin: boolean;
}

function allows(
  match: MatchState,
  viewer: Viewer,
  now: number,
  build: (userId: number) => MatchCommand,
): boolean {
  if (viewer.userId === null) return false;
  return decide(match, build(viewer.userId), now).ok;
}

const actor = (viewer: Viewer, userId: number) => ({ userId, isAdmin: viewer.isAdmin });

export function isCaptain(match: MatchState, viewer: Viewer): boolean {
  return captainSide(match, viewer.userId) !== null;
}

/** A player of either side (captains included); pug players still in the pool are not yet. */
export function isMatchPlayer(match: MatchState, viewer: Viewer): boolean {
  return playerSide(match, viewer.userId) !== null;
}

export function canAcceptChallenge(match: MatchState, viewer: Viewer, now: number): boolean {
  return allows(match, viewer, now, (userId) => ({ type: 'challenge.accept', actor: actor(viewer, userId) }));
}

/** The Decline button: the challenged captain while the challenge waits. */
export function canDeclineMatch(match: MatchState, viewer: Viewer): boolean {
  return cancelKind(match, viewer) === 'decline';
}

/** The Cancel button: the challenger captain in 1 or 3 (ladder), or an admin before the end. */
export function canCancelMatch(match: MatchState, viewer: Viewer): boolean {
  const kind = cancelKind(match, viewer);
  return kind === 'cancel' || kind === 'admin';
}

export function canSetReady(match: MatchState, viewer: Viewer, now: number): boolean {
  return allows(match, viewer, now, (userId) => ({
    type: 'ready.set',
    actor: actor(viewer, userId),
    ready: true,
  }));
}

export function canSetUnready(match: MatchState, viewer: Viewer, now: number): boolean {
  return allows(match, viewer, now, (userId) => ({
    type: 'ready.set',
    actor: actor(viewer, userId),
    ready: false,
  }));
}

/** The viewer may click a map now (their turn, before the deadline, some map still available). */
export function canVeto(match: MatchState, viewer: Viewer, now: number): boolean {
  const map = match.maps.find(isMapAvailable);
  if (!map || viewer.userId === null) return false;
  return vetoRefusal(match, viewer.userId, map.mapId, now) === null;
}

/** The viewer may pick a player now (their pick, before the deadline, someone still in the pool). */
export function canPickPlayer(match: MatchState, viewer: Viewer, now: number): boolean {
  const [player] = pickPool(match);
  if (!player || viewer.userId === null) return false;
  return pickRefusal(match, viewer.userId, player.userId, now) === null;
}

export function canVoteLocation(match: MatchState, viewer: Viewer, now: number): boolean {
  const [locationId] = match.location.candidateIds;
  if (locationId === undefined) return false;
  return allows(match, viewer, now, (userId) => ({
    type: 'location.vote',
    actor: actor(viewer, userId),
    locationId,
  }));
}

/** Enter a first score: a captain while the match is in progress (4). */
export function canSubmitScore(match: MatchState, viewer: Viewer): boolean {
  return match.statusId === STATUS.inProgress && isCaptain(match, viewer);
}

/** Edit the entered score: the entering side's captain until the other side answers. */
export function canEditScore(match: MatchState, viewer: Viewer): boolean {
  const side = captainSide(match, viewer.userId);
  return match.statusId === STATUS.scoreEntered && side !== null && side === match.score.enteredBySide;
}

/** Approve or disapprove: the other side's captain, or an admin. */
export function canHandleScore(match: MatchState, viewer: Viewer, now: number): boolean {
  return allows(match, viewer, now, (userId) => ({
    type: 'score.approve',
    actor: actor(viewer, userId),
    approve: true,
  }));
}

export function canDispute(match: MatchState, viewer: Viewer, now: number): boolean {
  return allows(match, viewer, now, (userId) => ({ type: 'dispute.open', actor: actor(viewer, userId) }));
}

/** An admin may settle a disputed match. */
export function canResolveDispute(match: MatchState, viewer: Viewer): boolean {
  return viewer.isAdmin && match.statusId === STATUS.disputed;
}

/** The Add Sub button: a captain before a result exists (not in 5, 6, 7 or 8). */
export function canAddSub(match: MatchState, viewer: Viewer): boolean {
  return !subsClosed(match) && isCaptain(match, viewer);
}

/** The lineup editor: a captain of a ladder or tournament match before the veto (see lineup.ts). */
export function canSetLineup(match: MatchState, viewer: Viewer): boolean {
  return match.type !== 'solo-queue' && lineupOpen(match) && isCaptain(match, viewer);
}

/** The connection string: the match's players and admins. */
export function canSeeServer(match: MatchState, viewer: Viewer): boolean {
  return viewer.isAdmin || isMatchPlayer(match, viewer);
}

/**
 * Chat typing: the match's players and admins. In a solo-queue match the pool talks too: players still
 * waiting to be picked (side -1) need the chat most during player select.
 */
export function canType(match: MatchState, viewer: Viewer): boolean {
  if (viewer.isAdmin || isMatchPlayer(match, viewer)) return true;
  return match.type === 'solo-queue' && match.players.some((p) => p.userId === viewer.userId);
}

/**
 * Why the viewer's own next step is refused now: accepting the challenge (the challenged captain, in 1)
 * or readying up (a captain whose team is not ready, in 9); the machine's rule refusal, or null.
 */
export function blockedReason(match: MatchState, viewer: Viewer, now: number): string | null {
  const side = captainSide(match, viewer.userId);
  if (side === null || viewer.userId === null) return null;
  let command: MatchCommand;
  if (match.statusId === STATUS.challenge && side === 2) {
    command = { type: 'challenge.accept', actor: actor(viewer, viewer.userId) };
  } else if (match.statusId === STATUS.readyUp && !(side === 1 ? match.challenger : match.opponent).ready) {
    command = { type: 'ready.set', actor: actor(viewer, viewer.userId), ready: true };
  } else {
    return null;
  }
  const decision = decide(match, command, now);
  return !decision.ok && decision.error.code === 'invalid' ? decision.error.message : null;
}

/** The four flags of `GET /api/v1/match-detail/status/{id}/actions`. */
export function statusActions(match: MatchState, viewer: Viewer, now: number) {
  return {
    canSetReady: canSetReady(match, viewer, now),
    canSetUnready: canSetUnready(match, viewer, now),
    canDeclineMatch: canDeclineMatch(match, viewer),
    canCancelMatch: canCancelMatch(match, viewer),
  };
}
