// Ladder challenge (1), scheduled (3) and cancellation: accept, decline, cancel, and the start time.
import type { Actor, LineupChoice } from './commands.ts';
import { teamTooSmall } from './league-rules.ts';
import { lineupProblem, missingLineup, withLineup } from './lineup.ts';
import { accepted, captainIds, moveTo, refused, secondsLater } from './decision.ts';
import type { Decision } from './decision.ts';
import type { MatchEvent } from './events.ts';
import { MATCH_TEXTS } from './match-texts.ts';
import { SIDE_CHALLENGER, SIDE_OPPONENT } from './state.ts';
import type { MatchState } from './state.ts';
import { STATUS } from './statuses.ts';
import { assertNever } from './assert-never.ts';
import { enterLocationPhase } from './location.ts';

/**
 * The challenged captain accepts: → 3, and on to the veto at once when the start time is already due (then
 * no player of either lineup may be playing another match: see `enterLocationPhase`).
 */
export function decideChallengeAccept(
  match: MatchState,
  actor: Actor,
  now: number,
  lineup?: LineupChoice,
): Decision {
  if (match.statusId !== STATUS.challenge) return refused('wrong-status', MATCH_TEXTS.challengeNotPending);
  if (actor.userId !== match.opponent.captainUserId) {
    return refused('forbidden', MATCH_TEXTS.challengeNotOpponentCaptain);
  }
  // Both teams need at least the team size of members (the challenger's may have shrunk since).
  for (const side of [SIDE_OPPONENT, SIDE_CHALLENGER] as const) {
    const tooSmall = teamTooSmall(match, side, SIDE_OPPONENT);
    if (tooSmall !== null) return refused('invalid', tooSmall);
  }
  let withOwn = match;
  if (lineup) {
    const problem = lineupProblem(match, SIDE_OPPONENT, lineup.userIds, lineup.roster);
    if (problem !== null) return refused('invalid', problem);
    withOwn = withLineup(match, SIDE_OPPONENT, lineup.userIds, lineup.roster);
  }
  const missing = missingLineup(withOwn);
  if (missing !== null) return refused('invalid', missing);
  const scheduled = moveTo(withOwn, STATUS.scheduled);
  const events: MatchEvent[] = [
    { type: 'MatchDetailUpdate' },
    {
      type: 'Notify',
      userIds: captainIds(match).filter((id) => id !== actor.userId),
      kind: 'challenge-accepted',
    },
  ];
  if (match.startDate !== null && now < match.startDate) return accepted(scheduled, events);
  const started = decideScheduleStart(scheduled, now);
  return started.ok ? accepted(started.match, [...events, ...started.events]) : started;
}

/** How a user may end a match: decline a challenge, cancel their own challenge, or cancel as an admin. */
export type CancelKind = 'decline' | 'cancel' | 'admin';

/**
 * Who may end a match, and how:
 * - the challenged team's captain may decline while the challenge waits (1);
 * - the challenger's captain may cancel a ladder challenge while it waits (1); once accepted and scheduled
 *   (3), before the veto starts, either captain may cancel it (the other captain is notified);
 * - an admin may cancel any match that is not finished or cancelled (e.g. resolving a dispute);
 * - nobody else, and tournament and solo-queue teams never (their matches are set by the competition).
 */
export function cancelKind(
  match: MatchState,
  viewer: { userId: number | null; isAdmin: boolean },
): CancelKind | null {
  const { statusId } = match;
  if (statusId === STATUS.finished || statusId === STATUS.cancelled) return null;
  if (viewer.userId !== null && match.type === 'ladder') {
    if (statusId === STATUS.challenge && viewer.userId === match.opponent.captainUserId) return 'decline';
    if (statusId === STATUS.challenge && viewer.userId === match.challenger.captainUserId) return 'cancel';
    const captain =
      viewer.userId === match.challenger.captainUserId || viewer.userId === match.opponent.captainUserId;
    if (statusId === STATUS.scheduled && captain) return 'cancel';
  }
  return viewer.isAdmin ? 'admin' : null;
}

/**
 * Decline (challenged captain, status 1), cancel (challenger captain of a ladder match, 1 or 3), or an
 * admin's cancellation (any status but 5 and 7). Who may do what is `cancelKind` in policies.ts.
 */
export function decideCancel(match: MatchState, actor: Actor, _now: number): Decision {
  if (match.statusId === STATUS.finished || match.statusId === STATUS.cancelled) {
    return refused('wrong-status', MATCH_TEXTS.cancelFinal);
  }
  const kind = cancelKind(match, { userId: actor.userId, isAdmin: actor.isAdmin });
  if (kind === null) return refused('forbidden', MATCH_TEXTS.cancelNotAllowed);
  const reason = kind === 'decline' ? 'declined' : kind === 'cancel' ? 'cancelled' : 'admin';
  const cancelled: MatchState = {
    ...moveTo(match, STATUS.cancelled),
    cancelledByUserId: actor.userId,
    cancelReason: reason,
    readyDeadline: null,
    veto: { ...match.veto, deadline: null },
    pick: { ...match.pick, deadline: null },
    location: { ...match.location, deadline: null },
    score: { ...match.score, approvalDeadline: null },
  };
  let notifyKind: 'challenge-declined' | 'challenge-cancelled' | 'match-cancelled';
  switch (kind) {
    case 'decline':
      notifyKind = 'challenge-declined';
      break;
    case 'cancel':
      notifyKind = 'challenge-cancelled';
      break;
    case 'admin':
      notifyKind = 'match-cancelled';
      break;
    default:
      return assertNever(kind);
  }
  return accepted(cancelled, [
    { type: 'MatchCancelled', reason },
    { type: 'MatchDetailUpdate' },
    { type: 'Notify', userIds: captainIds(match).filter((id) => id !== actor.userId), kind: notifyKind },
  ]);
}

/**
 * The start time is reached (status 3): a ladder match goes to the veto, a tournament match to the ready
 * check with its deadline. Solo-queue matches never wait in 3 (they start in 10).
 */
export function decideScheduleStart(match: MatchState, now: number): Decision {
  if (match.statusId !== STATUS.scheduled) return refused('stale', MATCH_TEXTS.staleStep);
  if (match.startDate !== null && now < match.startDate) return refused('stale', MATCH_TEXTS.staleNotDue);
  switch (match.type) {
    case 'ladder':
    case 'solo-queue':
      return enterLocationPhase(match, now);
    case 'tournament':
      return accepted(
        {
          ...moveTo(match, STATUS.readyUp),
          readyDeadline: secondsLater(now, match.settings.readySeconds),
          challenger: { ...match.challenger, ready: false },
          opponent: { ...match.opponent, ready: false },
        },
        [
          { type: 'MatchDetailUpdate' },
          { type: 'Notify', userIds: captainIds(match), kind: 'ready-check-started' },
        ],
      );
    default:
      return assertNever(match.type);
  }
}
