import { describe, expect, it } from 'vitest';
import type { ActiveMatch } from '../types';
import { activeMatchBadge, activeMatchDate, teamNameOrTbd } from './active-match-row';

const match = (overrides: Partial<ActiveMatch> = {}): ActiveMatch => ({
  id: 1,
  tournamentId: null,
  startDate: '2025-03-01T18:00:00.000Z',
  expectedStartDate: '2025-03-01T19:00:00.000Z',
  createdAt: '2025-02-28T10:00:00.000Z',
  challengerTeamName: 'Red Dragons',
  opponentTeamName: null,
  statusId: 1,
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
    [1, 'View challenge'],
    [9, 'Ready up'],
    [2, 'Map select'],
    [10, 'Player select'],
    [11, 'Location select'],
    [4, 'Submit score'],
    [6, 'Dispute'],
    [8, 'Score entered, waiting for approval'],
    [3, null],
    [5, null],
    [7, null],
  ])('status %i -> %s', (statusId, badge) => {
    expect(activeMatchBadge(statusId)).toBe(badge);
  });
});

describe('teamNameOrTbd', () => {
  it('shows TBD for a missing name', () => {
    expect(teamNameOrTbd(null)).toBe('TBD');
    expect(teamNameOrTbd('Red Dragons')).toBe('Red Dragons');
  });
});
