// Solo-queue player select (status 10): the captains pick from the pool in snake order (1-2-2-1-1-2-...,
// the challenger captain, the higher-rated one, first); when one player is left they join the side due;
// then the location vote (11).
//
// The server creates the match in 10 with `pick = { step: 0, deadline: now + pickSeconds }`.
import type { Actor } from './commands.ts';
import { accepted, refused, secondsLater } from './decision.ts';
import type { Decision } from './decision.ts';
import type { MatchEvent } from './events.ts';
import { startLocationVote } from './location.ts';
import { MATCH_TEXTS } from './match-texts.ts';
import { pickClickRefusal } from './click-refusal.ts';
import type { PickClickView } from './click-refusal.ts';
import { SIDE_CHALLENGER, SIDE_OPPONENT, SIDE_UNASSIGNED } from './state.ts';
import type { MatchPlayer, MatchState, Side } from './state.ts';
import { STATUS } from './statuses.ts';

/** The side that makes pick number `step` (0-based) in snake order: 1, 2, 2, 1, 1, 2, 2, ... */
export function snakePickSide(step: number): Side {
  return Math.floor((step + 1) / 2) % 2 === 0 ? SIDE_CHALLENGER : SIDE_OPPONENT;
}

/** The side picking now (the spec's `pickerTeamId` before mapping to a team id), or null. */
export function pickerSide(match: MatchState): Side | null {
  return match.statusId === STATUS.playerSelect ? snakePickSide(match.pick.step) : null;
}

export function pickPool(match: MatchState): MatchPlayer[] {
  return match.players.filter((p) => p.side === SIDE_UNASSIGNED);
}

/** The view of a player click the shared click rule decides on (see `pickClickRefusal`). */
export function pickClickView(match: MatchState, playerUserId: number, now: number): PickClickView {
  const side = pickerSide(match);
  const captainUserId = (s: Side) =>
    s === SIDE_CHALLENGER ? match.challenger.captainUserId : match.opponent.captainUserId;
  return {
    captainUserIds: [match.challenger.captainUserId, match.opponent.captainUserId],
    turnUserId: side === null ? null : captainUserId(side),
    turnOver: match.pick.deadline !== null && now >= match.pick.deadline,
    playerAvailable: pickPool(match).some((p) => p.userId === playerUserId),
  };
}

export function decidePickSelect(
  match: MatchState,
  actor: Actor,
  playerUserId: number,
  now: number,
): Decision {
  if (match.statusId !== STATUS.playerSelect) return refused('wrong-status', MATCH_TEXTS.pickWrongStatus);
  const refusal = pickClickRefusal(pickClickView(match, playerUserId, now), actor.userId);
  if (refusal) return { ok: false, error: refusal };
  return applyPick(match, playerUserId, now);
}

/** The pick ran out: the highest-rated player in the pool (lowest user id on a tie) goes to the side due. */
export function decidePickTimeout(match: MatchState, step: number, now: number): Decision {
  if (match.statusId !== STATUS.playerSelect) return refused('stale', MATCH_TEXTS.pickWrongStatus);
  if (match.pick.step !== step) return refused('stale', MATCH_TEXTS.staleStep);
  if (match.pick.deadline === null || now < match.pick.deadline)
    return refused('stale', MATCH_TEXTS.staleNotDue);
  const [best] = [...pickPool(match)].sort((a, b) => b.rating - a.rating || a.userId - b.userId);
  if (!best) return finishPicking(match, now, []);
  return applyPick(match, best.userId, now);
}

function assign(match: MatchState, userId: number, side: Side): MatchState {
  return { ...match, players: match.players.map((p) => (p.userId === userId ? { ...p, side } : p)) };
}

function applyPick(match: MatchState, userId: number, now: number): Decision {
  let next = assign(match, userId, snakePickSide(match.pick.step));
  next = {
    ...next,
    pick: { step: match.pick.step + 1, deadline: secondsLater(now, match.settings.pickSeconds) },
  };
  const pool = pickPool(next);
  const events: MatchEvent[] = [{ type: 'PlayerPickerUpdate' }];
  const last = pool.length === 1 ? pool[0] : undefined;
  if (last) {
    next = assign(next, last.userId, snakePickSide(next.pick.step));
    next = { ...next, pick: { ...next.pick, step: next.pick.step + 1 } };
  }
  if (pickPool(next).length > 0) return accepted(next, events);
  return finishPicking(next, now, events);
}

function finishPicking(match: MatchState, now: number, events: MatchEvent[]): Decision {
  const done: MatchState = { ...match, pick: { ...match.pick, deadline: null } };
  const located = startLocationVote(done, now);
  return located.ok ? accepted(located.match, [...events, ...located.events]) : located;
}

/** The actor a signed-out viewer stands for when asking `pickRefusal`: user ids start at 1, so no captain. */
const SIGNED_OUT_USER_ID = 0;

/**
 * Why `userId` (null: signed out) may not pick `playerUserId` now, in the pick command's own words, or null
 * when the pick would be taken. It asks `decidePickSelect` itself, so the rule has one home: a page that
 * shows a click's refusal and the server that enforces it cannot disagree.
 */
export function pickRefusal(
  match: MatchState,
  userId: number | null,
  playerUserId: number,
  now: number,
): string | null {
  const actor = { userId: userId ?? SIGNED_OUT_USER_ID, isAdmin: false };
  const decision = decidePickSelect(match, actor, playerUserId, now);
  return decision.ok ? null : decision.error.message;
}
