// The match clocks as data: for each status with a clock, which deadline it runs on and the command the
// deadline sweeper sends once it has passed (the same command a person's click would race). The server's
// sweeper reads this table and nothing else to know what is due; `clocks.test.ts` checks that every
// status has either exactly one clock or is listed as having none.
import type { MatchCommand } from './commands.ts';
import type { MatchState } from './state.ts';
import { STATUS } from './statuses.ts';
import type { StatusId } from './statuses.ts';

/** A match's deadline fields; the server's `matches` table names its columns the same. */
export const MATCH_CLOCK_NAMES = [
  'startDate',
  'readyDeadline',
  'vetoDeadline',
  'pickDeadline',
  'locationVoteDeadline',
  'scoreApprovalDeadline',
] as const;
export type MatchClockName = (typeof MATCH_CLOCK_NAMES)[number];

/** What one status's clock means. */
export interface MatchClock {
  /** The deadline this status waits on. */
  readonly clock: MatchClockName;
  /** The command the sweeper runs when that deadline has passed, built from the match as it is now. */
  readonly timeout: (match: MatchState) => MatchCommand;
  /**
   * A turn's clock (veto, pick): the timeout is applied as of its deadline, not as of the sweep, so the
   * next turn's clock starts there and a long outage catches up turn by turn as if it had not happened.
   */
  readonly asOfDeadline: boolean;
}

/** The statuses that run on a clock, in the order the match meets them. */
export const CLOCKED_STATUSES = [
  STATUS.scheduled,
  STATUS.readyUp,
  STATUS.playerSelect,
  STATUS.locationSelect,
  STATUS.mapVeto,
  STATUS.scoreEntered,
] as const satisfies readonly StatusId[];
export type ClockedStatus = (typeof CLOCKED_STATUSES)[number];

/** The statuses that wait for a person (or for nothing) and have no clock. */
export const UNCLOCKED_STATUSES = [
  STATUS.challenge,
  STATUS.inProgress,
  STATUS.disputed,
  STATUS.finished,
  STATUS.cancelled,
] as const satisfies readonly StatusId[];

/** status → its clock → the timeout command. */
export const MATCH_CLOCKS: { readonly [S in ClockedStatus]: MatchClock } = {
  [STATUS.scheduled]: {
    clock: 'startDate',
    timeout: () => ({ type: 'schedule.start' }),
    asOfDeadline: false,
  },
  [STATUS.readyUp]: {
    clock: 'readyDeadline',
    timeout: () => ({ type: 'ready.deadline' }),
    asOfDeadline: false,
  },
  [STATUS.playerSelect]: {
    clock: 'pickDeadline',
    timeout: (match) => ({ type: 'pick.timeout', step: match.pick.step }),
    asOfDeadline: true,
  },
  [STATUS.locationSelect]: {
    clock: 'locationVoteDeadline',
    timeout: () => ({ type: 'location.deadline' }),
    asOfDeadline: false,
  },
  [STATUS.mapVeto]: {
    clock: 'vetoDeadline',
    timeout: (match) => ({ type: 'veto.timeout', step: match.veto.step }),
    asOfDeadline: true,
  },
  [STATUS.scoreEntered]: {
    clock: 'scoreApprovalDeadline',
    timeout: () => ({ type: 'score.timeout' }),
    asOfDeadline: false,
  },
};

export function isClockedStatus(statusId: StatusId): statusId is ClockedStatus {
  return (CLOCKED_STATUSES as readonly StatusId[]).includes(statusId);
}

/** The clock of `statusId`, or null for a status without one. */
export function clockOf(statusId: StatusId): MatchClock | null {
  return isClockedStatus(statusId) ? MATCH_CLOCKS[statusId] : null;
}

/** The command a deadline stands for, in the status the match is in now; null when it has no clock. */
export function timeoutCommand(match: MatchState): MatchCommand | null {
  return clockOf(match.statusId)?.timeout(match) ?? null;
}
