// The result of `decide` and the helpers every sub-phase uses to build it.
import type { DomainError, DomainErrorCode } from './errors.ts';
import type { MatchEvent } from './events.ts';
import type { MatchState } from './state.ts';
import { canTransition } from './statuses.ts';
import type { StatusId } from './statuses.ts';

export type Decision =
  { ok: true; match: MatchState; events: MatchEvent[] } | { ok: false; error: DomainError };

export function accepted(match: MatchState, events: MatchEvent[]): Decision {
  return { ok: true, match, events };
}

export function refused(code: DomainErrorCode, message: string): Decision {
  return { ok: false, error: { code, message } };
}

/** A status change; only the moves in `MATCH_TRANSITIONS` exist, anything else is a bug in the machine. */
export function moveTo(match: MatchState, to: StatusId): MatchState {
  if (!canTransition(match.statusId, to)) {
    throw new Error(
      `Illegal transition ${String(match.statusId)} → ${String(to)} in match ${String(match.id)}`,
    );
  }
  return { ...match, statusId: to };
}

/** Both captains' user ids (the ones that exist), for notifications. */
export function captainIds(match: MatchState): number[] {
  return [match.challenger.captainUserId, match.opponent.captainUserId].filter(
    (id): id is number => id !== null,
  );
}

export function secondsLater(now: number, seconds: number): number {
  return now + seconds * 1000;
}

/** Everyone who plays for a side (captains included), for notifications to "both teams". */
export function matchPlayerIds(match: MatchState): number[] {
  const ids = match.players.filter((p) => p.side === 1 || p.side === 2).map((p) => p.userId);
  return [...new Set([...captainIds(match), ...ids])];
}
