// How a match ended, in words: what the room's phase bar, its result card and the profiles' match history
// say beside the status name ("Finished", "Cancelled" stay the spec's). Pure: the server's presenters pass
// what the match row holds, so the room and the history can never explain one match two ways.
import { assertNever } from './assert-never.ts';
import { SCHEDULE_TEXTS } from './schedule.ts';
import { CANCEL_REASONS, RESULT_DRAW, SIDE_CHALLENGER, otherSide } from './state.ts';
import type { CancelReason, MatchResult, Side } from './state.ts';
import { STATUS } from './statuses.ts';
import type { StatusId } from './statuses.ts';

export const OUTCOME_KINDS = [
  'won',
  'draw',
  'walkover',
  'forfeit',
  'declined',
  'cancelled',
  'not-ready',
  'cancelled-by-admin',
] as const;
/**
 * `won`/`draw` a result (played, or awarded by an admin: then `reason` is set), `walkover` an admin's walkover
 * (one side did not show), `forfeit` a missed tournament ready check, and the ways a match is cancelled:
 * `declined` (the challenged team said no), `cancelled` (a captain), `not-ready` (nobody readied up in time),
 * `cancelled-by-admin`.
 */
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

export interface MatchOutcome {
  kind: OutcomeKind;
  /** One line: "Red Dragons won", "Walkover: Northern Wolves did not show", "Declined by Northern Wolves". */
  headline: string;
  /** The admin's reason of an awarded result or walkover: "Result awarded by admin: {reason}". */
  detail: string | null;
  /** What happened to the ratings when that is not the usual (a walkover moves none). */
  ratingsNote: string | null;
}

export interface OutcomeInput {
  statusId: StatusId;
  winnerSide: MatchResult | null;
  forfeit: boolean;
  /** The reason an admin gave when awarding the result, or null for a played result. */
  awardReason: string | null;
  cancelReason: CancelReason | null;
  /** The side whose captain cancelled (null: an admin, the system, or not known). */
  cancelledBySide: Side | null;
  names: { challenger: string; opponent: string };
}

export const OUTCOME_TEXTS = {
  draw: 'Draw',
  walkoverRatings: 'A walkover does not change ratings.',
  notReady: 'Cancelled: neither team readied up in time',
  cancelledByAdmin: 'Cancelled by an admin',
  cancelledByCaptain: 'Cancelled by a captain',
  noTimeAgreed: 'Cancelled: no start time was agreed before the round deadline',
} as const;

const nameOf = (input: OutcomeInput, side: Side) =>
  side === SIDE_CHALLENGER ? input.names.challenger : input.names.opponent;

/** A stored `cancel_reason`, or null when it is none of the known ones. */
export function asCancelReason(value: string | null): CancelReason | null {
  return CANCEL_REASONS.find((r) => r === value) ?? null;
}

/** "Result awarded by admin: {reason}" */
export function awardedText(reason: string): string {
  return `Result awarded by admin: ${reason}`;
}

/** How a finished (5) or cancelled (7) match ended; null while it has no outcome (disputed included). */
export function matchOutcome(input: OutcomeInput): MatchOutcome | null {
  if (input.statusId === STATUS.cancelled) return cancelledOutcome(input);
  if (input.statusId !== STATUS.finished || input.winnerSide === null) return null;
  const detail = input.awardReason === null ? null : awardedText(input.awardReason);
  if (input.winnerSide === RESULT_DRAW) {
    return { kind: 'draw', headline: OUTCOME_TEXTS.draw, detail, ratingsNote: null };
  }
  if (input.forfeit) {
    const absent = nameOf(input, otherSide(input.winnerSide));
    // A round window's forfeit rule keeps its own reason (no admin decided it); an admin's walkover carries
    // theirs; without a reason it was the tournament's ready check.
    if (input.awardReason === SCHEDULE_TEXTS.forfeitReason) {
      return {
        kind: 'walkover',
        headline: `Walkover: ${absent} did not answer a proposed time`,
        detail: SCHEDULE_TEXTS.forfeitReason,
        ratingsNote: OUTCOME_TEXTS.walkoverRatings,
      };
    }
    return input.awardReason === null
      ? {
          kind: 'forfeit',
          headline: `Walkover: ${absent} did not ready up in time`,
          detail: null,
          ratingsNote: OUTCOME_TEXTS.walkoverRatings,
        }
      : {
          kind: 'walkover',
          headline: `Walkover: ${absent} did not show`,
          detail,
          ratingsNote: OUTCOME_TEXTS.walkoverRatings,
        };
  }
  return { kind: 'won', headline: `${nameOf(input, input.winnerSide)} won`, detail, ratingsNote: null };
}

function cancelledOutcome(input: OutcomeInput): MatchOutcome {
  const plain = (kind: OutcomeKind, headline: string): MatchOutcome => ({
    kind,
    headline,
    detail: null,
    ratingsNote: null,
  });
  const reason = input.cancelReason ?? 'admin';
  switch (reason) {
    case 'declined':
      // Only the challenged team (the opponent side) can decline a challenge.
      return plain('declined', `Declined by ${input.names.opponent}`);
    case 'cancelled':
      return plain(
        'cancelled',
        input.cancelledBySide === null
          ? OUTCOME_TEXTS.cancelledByCaptain
          : `Cancelled by ${nameOf(input, input.cancelledBySide)}`,
      );
    case 'ready-timeout':
      return plain('not-ready', OUTCOME_TEXTS.notReady);
    case 'admin':
      return plain('cancelled-by-admin', OUTCOME_TEXTS.cancelledByAdmin);
    case 'schedule-timeout':
      return plain('cancelled', OUTCOME_TEXTS.noTimeAgreed);
    default:
      return assertNever(reason);
  }
}
