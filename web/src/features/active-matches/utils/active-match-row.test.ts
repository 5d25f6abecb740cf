import { describe, expect, it } from 'vitest';
import type { ActiveMatch } from '@versus/common/api/active-matches';
import { STATUS } from '@versus/common/match/statuses';
import { makeActiveMatch } from '@/testing/factories';
import { activeMatchBadge, activeMatchDate, teamNameOrTbd } from './active-match-row';

const match = (overrides: Partial<ActiveMatch> = {}): ActiveMatch =>
  makeActiveMatch({
    startDate: '2025-03-01T18:00:00.000Z',
    expectedStartDate: '2025-03-01T19:00:00.000Z',
    createdAt: '2025-02-28T10:00:00.000Z',
    ...overrides,
  });

describe('activeMatchDate', () => {
  it.each([
    ['non-tournament: createdAt, whatever else is set', match(), '2025-02-28T10:00:00.000Z'],
    ['tournament: startDate first', match({ tournamentId: 3 }), '2025-03-01T18:00:00.000Z'],
    [
      'tournament without startDate: expectedStartDate',
      match({ tournamentId: 3, startDate: null }),
      '2025-03-01T19:00:00.000Z',
    ],
    [
      'tournament with neither: nothing',
      match({ tournamentId: 3, startDate: null, expectedStartDate: null }),
      null,
    ],
  ])('%s', (_name, row, expected) => {
    expect(activeMatchDate(row)).toBe(expected);
  });
});

describe('activeMatchBadge', () => {
  it.each([
    [STATUS.challenge, 'View challenge'],
    [STATUS.readyUp, 'Ready up'],
    [STATUS.mapVeto, 'Map select'],
    [STATUS.playerSelect, 'Player select'],
    [STATUS.locationSelect, 'Location select'],
    [STATUS.inProgress, 'Submit score'],
    [STATUS.disputed, 'Dispute'],
    [STATUS.scoreEntered, 'Score entered, waiting for approval'],
    [STATUS.scheduled, null],
    [STATUS.finished, null],
    [STATUS.cancelled, null],
  ] as const)('status %i -> %s', (statusId, badge) => {
    expect(activeMatchBadge(statusId)).toBe(badge);
  });
});

describe('teamNameOrTbd', () => {
  it('shows TBD for a missing name', () => {
    expect(teamNameOrTbd(null)).toBe('TBD');
    expect(teamNameOrTbd('Red Dragons')).toBe('Red Dragons');
  });
});
