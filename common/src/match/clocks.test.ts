import { describe, expect, it } from 'vitest';
import {
  CLOCKED_STATUSES,
  clockOf,
  MATCH_CLOCK_NAMES,
  MATCH_CLOCKS,
  timeoutCommand,
  UNCLOCKED_STATUSES,
} from './clocks.ts';
import { makeMatch } from './fixtures.ts';
import { decide } from './machine.ts';
import { STATUS, STATUS_IDS } from './statuses.ts';
import type { StatusId } from './statuses.ts';

describe('the match clocks table', () => {
  it('gives every status exactly one clock or lists it as having none', () => {
    const listed: StatusId[] = [...CLOCKED_STATUSES, ...UNCLOCKED_STATUSES];
    expect([...listed].sort((a, b) => a - b)).toEqual([...STATUS_IDS].sort((a, b) => a - b));
    expect(new Set(listed).size).toBe(listed.length);
    expect(
      Object.keys(MATCH_CLOCKS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...CLOCKED_STATUSES].sort((a, b) => a - b));
  });

  it('lists challenge, in progress, disputed, finished and cancelled without a clock', () => {
    expect(UNCLOCKED_STATUSES).toEqual([
      STATUS.challenge,
      STATUS.inProgress,
      STATUS.disputed,
      STATUS.finished,
      STATUS.cancelled,
    ]);
    for (const status of UNCLOCKED_STATUSES) {
      expect(clockOf(status)).toBeNull();
      expect(timeoutCommand(makeMatch({ statusId: status }))).toBeNull();
    }
  });

  it('runs each clocked status on its own deadline', () => {
    const clocks = CLOCKED_STATUSES.map((s) => MATCH_CLOCKS[s].clock);
    expect(new Set(clocks).size).toBe(clocks.length);
    expect([...clocks].sort()).toEqual([...MATCH_CLOCK_NAMES].sort());
  });

  it.each([
    [STATUS.scheduled, 'startDate', { type: 'schedule.start' }, false],
    [STATUS.readyUp, 'readyDeadline', { type: 'ready.deadline' }, false],
    [STATUS.playerSelect, 'pickDeadline', { type: 'pick.timeout', step: 3 }, true],
    [STATUS.locationSelect, 'locationVoteDeadline', { type: 'location.deadline' }, false],
    [STATUS.mapVeto, 'vetoDeadline', { type: 'veto.timeout', step: 2 }, true],
    [STATUS.scoreEntered, 'scoreApprovalDeadline', { type: 'score.timeout' }, false],
  ] as const)('status %i waits on %s and then sends %o', (status, clock, command, asOfDeadline) => {
    const base = makeMatch();
    const match = makeMatch({
      statusId: status,
      veto: { ...base.veto, step: 2 },
      pick: { ...base.pick, step: 3 },
    });
    expect(clockOf(status)).toMatchObject({ clock, asOfDeadline });
    expect(timeoutCommand(match)).toEqual(command);
  });

  it('sends only commands the machine knows as timeouts (a person never sends them)', () => {
    const match = makeMatch();
    for (const status of CLOCKED_STATUSES) {
      const command = MATCH_CLOCKS[status].timeout({ ...match, statusId: status });
      expect('actor' in command).toBe(false);
      // Decided on a match in another status, a timeout is refused, never thrown.
      expect(() => decide({ ...match, statusId: STATUS.cancelled }, command, 0)).not.toThrow();
    }
  });
});
