// Match times agreed between teams (ladder challenges and tournament matches): either captain proposes one to
// three start times, the other accepts one (it becomes `startDate`) or counter-proposes (which replaces the
// open proposal). A tournament round may have a window the times must fall in (read by the server).
import type { Actor } from './commands.ts';
import { accepted, captainIds, moveTo, refused } from './decision.ts';
import type { Decision } from './decision.ts';
import { captainSide, otherSide, sideState } from './state.ts';
import type { MatchState, ScheduleFallback, ScheduleWindow, Side } from './state.ts';
import { STATUS } from './statuses.ts';

/** How many times one proposal may offer. */
export const MAX_PROPOSED_TIMES = 3;

export const SCHEDULE_TEXTS = {
  wrongStatus: 'The start time of this match can no longer change.',
  notCaptain: 'Only the captains of the two teams can propose or accept a start time.',
  count: `Propose one to ${String(MAX_PROPOSED_TIMES)} times.`,
  duplicate: 'Each proposed time must be different.',
  inPast: 'A proposed time is in the past.',
  noProposal: 'There is no open time proposal to accept.',
  ownProposal: 'The other captain answers your proposal: you may propose other times instead.',
  notOffered: 'This time is not one of the proposed times.',
  passed: 'This time has passed: propose a new one.',
  /** The reason kept on a walkover decided by a round window's forfeit rule. */
  forfeitReason:
    'No start time was agreed before the round deadline: the team that left a proposal unanswered forfeits.',
} as const;

/** "2030-01-01 18:00 UTC": the time as a refusal names it (the browser shows times in the viewer's zone). */
export function utcText(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function outsideWindowText(window: ScheduleWindow): string {
  return `Every time must fall within the round window, from ${utcText(window.opens)} to ${utcText(window.deadline)}.`;
}

export function windowClosedText(window: ScheduleWindow): string {
  return `The round window closed at ${utcText(window.deadline)}: the admin's rule for the round applies.`;
}

/**
 * Why the start time cannot change now, or null: a ladder challenge waiting for an answer (1) or accepted
 * and waiting for its start (3), a tournament match waiting for its start (3) with both teams known; never
 * once the start is due (the sweeper starts it) nor after a round window's deadline.
 */
function scheduleClosed(match: MatchState, now: number, window: ScheduleWindow | null): string | null {
  const open =
    (match.type === 'ladder' &&
      (match.statusId === STATUS.challenge || match.statusId === STATUS.scheduled)) ||
    (match.type === 'tournament' && match.statusId === STATUS.scheduled);
  if (!open) return SCHEDULE_TEXTS.wrongStatus;
  if (match.challenger.captainUserId === null || match.opponent.captainUserId === null) {
    return SCHEDULE_TEXTS.wrongStatus;
  }
  if (match.statusId === STATUS.scheduled && match.startDate !== null && match.startDate <= now) {
    return SCHEDULE_TEXTS.wrongStatus;
  }
  if (window && now > window.deadline) return windowClosedText(window);
  return null;
}

function actingSide(match: MatchState, actor: Actor): Side | null {
  return captainSide(match, actor.userId);
}

/** What is wrong with a list of proposed times, or null. */
export function proposalProblem(times: number[], now: number, window: ScheduleWindow | null): string | null {
  if (times.length < 1 || times.length > MAX_PROPOSED_TIMES) return SCHEDULE_TEXTS.count;
  if (new Set(times).size !== times.length) return SCHEDULE_TEXTS.duplicate;
  if (times.some((t) => t <= now)) return SCHEDULE_TEXTS.inPast;
  if (window && times.some((t) => t < window.opens || t > window.deadline)) return outsideWindowText(window);
  return null;
}

export function decideSchedulePropose(
  match: MatchState,
  actor: Actor,
  times: number[],
  now: number,
  window: ScheduleWindow | null,
): Decision {
  const side = actingSide(match, actor);
  if (side === null) return refused('forbidden', SCHEDULE_TEXTS.notCaptain);
  const closed = scheduleClosed(match, now, window);
  if (closed !== null) return refused('wrong-status', closed);
  const problem = proposalProblem(times, now, window);
  if (problem !== null) return refused('invalid', problem);
  const other = sideState(match, otherSide(side)).captainUserId;
  return accepted(
    {
      ...match,
      timeProposal: { side, byUserId: actor.userId, times: [...times].sort((a, b) => a - b), at: now },
    },
    [
      { type: 'MatchDetailUpdate' },
      { type: 'Notify', userIds: other === null ? [] : [other], kind: 'time-proposed' },
    ],
  );
}

export function decideScheduleAccept(
  match: MatchState,
  actor: Actor,
  time: number,
  now: number,
  window: ScheduleWindow | null,
): Decision {
  const side = actingSide(match, actor);
  if (side === null) return refused('forbidden', SCHEDULE_TEXTS.notCaptain);
  const closed = scheduleClosed(match, now, window);
  if (closed !== null) return refused('wrong-status', closed);
  const proposal = match.timeProposal ?? null;
  if (proposal === null) return refused('invalid', SCHEDULE_TEXTS.noProposal);
  if (proposal.side === side) return refused('invalid', SCHEDULE_TEXTS.ownProposal);
  if (!proposal.times.includes(time)) return refused('invalid', SCHEDULE_TEXTS.notOffered);
  if (time <= now) return refused('invalid', SCHEDULE_TEXTS.passed);
  if (window && (time < window.opens || time > window.deadline)) {
    return refused('invalid', outsideWindowText(window));
  }
  return accepted({ ...match, startDate: time, timeAgreed: true, timeProposal: null }, [
    { type: 'MatchDetailUpdate' },
    { type: 'Notify', userIds: [proposal.byUserId], kind: 'time-agreed' },
  ]);
}

/** What the Schedule panel offers the viewer (the same rules the commands obey). */
export function scheduleActions(
  match: MatchState,
  viewerUserId: number | null,
  now: number,
  window: ScheduleWindow | null,
): { canPropose: boolean; canAccept: boolean } {
  const side = captainSide(match, viewerUserId);
  if (side === null || scheduleClosed(match, now, window) !== null) {
    return { canPropose: false, canAccept: false };
  }
  const proposal = match.timeProposal ?? null;
  const canAccept = proposal !== null && proposal.side !== side && proposal.times.some((t) => t > now);
  return { canPropose: true, canAccept };
}

/**
 * A round window's deadline passed and the match (a tournament match in 3) has no start time: the admin's
 * default time becomes its start (now, when that has passed too), or the forfeit rule decides it: the team
 * that left the other's open proposal unanswered forfeits (a walkover for the proposer); with no proposal
 * at all, neither team tried and the match is cancelled (the bracket counts a double forfeit).
 */
export function decideScheduleDeadline(match: MatchState, fallback: ScheduleFallback, now: number): Decision {
  if (match.statusId !== STATUS.scheduled || match.startDate !== null) {
    return refused('stale', SCHEDULE_TEXTS.wrongStatus);
  }
  if (fallback.kind === 'default_time') {
    return accepted(
      { ...match, startDate: Math.max(fallback.at, now), timeProposal: null, timeAgreed: false },
      [{ type: 'MatchDetailUpdate' }, { type: 'Notify', userIds: captainIds(match), kind: 'time-defaulted' }],
    );
  }
  const proposal = match.timeProposal ?? null;
  if (proposal === null) {
    return accepted(
      { ...moveTo(match, STATUS.cancelled), cancelReason: 'schedule-timeout', timeProposal: null },
      [
        { type: 'MatchCancelled', reason: 'schedule-timeout' },
        { type: 'MatchDetailUpdate' },
        { type: 'Notify', userIds: captainIds(match), kind: 'match-cancelled' },
      ],
    );
  }
  const winnerSide = proposal.side;
  return accepted(
    {
      ...moveTo(match, STATUS.finished),
      winnerSide,
      forfeit: true,
      finishedAt: now,
      timeProposal: null,
      award: { reason: SCHEDULE_TEXTS.forfeitReason, byUserId: null },
    },
    [
      { type: 'MatchDetailUpdate' },
      { type: 'MatchFinished', winnerSide, forfeit: true },
      { type: 'Notify', userIds: captainIds(match), kind: 'time-forfeited' },
    ],
  );
}
