import { STATUS } from '@versus/common/match/statuses';
import { describe, expect, it } from 'vitest';
import { makeVetoMap, makeVetoMatch } from '@/testing/match-factories';
import { isAutoVetoRunning, vetoClickRefusal, vetoStatusText } from './veto-status';

const NOW = 1_000_000;

describe('vetoStatusText', () => {
  it.each([
    ['a ban turn', {}, NOW, 'NWV player6 is removing a map | 20 seconds remaining ...'],
    [
      'a pick turn',
      { vetoDetail: { userId: 1, teamId: 11, step: 'pick' as const } },
      NOW + 5.5,
      'RDG player1 is picking a map | 14 seconds remaining ...',
    ],
    ['no deadline yet', { timeRemaining: null }, NOW, 'Auto-Veto is starting ...'],
    ['the deadline reached', {}, NOW + 20, 'Auto-Veto in progress ...'],
    ['the deadline passed', {}, NOW + 90, 'Auto-Veto in progress ...'],
    [
      'a tag equal to the user name (solo-queue)',
      { opponentTeam: { id: 12, tag: 'player6' } },
      NOW,
      'player6 is removing a map | 20 seconds remaining ...',
    ],
    ['an unknown turn', { vetoDetail: null }, NOW, 'N/A is removing a map | 20 seconds remaining ...'],
    ['another status', { statusId: STATUS.inProgress }, NOW, ''],
  ])('reads right for %s', (_case, overrides, now, text) => {
    expect(vetoStatusText(makeVetoMatch(overrides, NOW), now)).toBe(text);
  });

  it('counts down by the second', () => {
    const match = makeVetoMatch({}, NOW);
    expect([0, 1, 2].map((s) => vetoStatusText(match, NOW + s).split(' | ')[1])).toEqual([
      '20 seconds remaining ...',
      '19 seconds remaining ...',
      '18 seconds remaining ...',
    ]);
  });

  it('treats only the Auto-Veto texts as the system running', () => {
    expect(isAutoVetoRunning('Auto-Veto is starting ...')).toBe(true);
    expect(isAutoVetoRunning('Auto-Veto in progress ...')).toBe(true);
    expect(isAutoVetoRunning('NWV player6 is removing a map | 20 seconds remaining ...')).toBe(false);
  });
});

describe('vetoClickRefusal', () => {
  const match = makeVetoMatch({
    maps: [
      makeVetoMap(0, { removedByTeamId: 12, removedByTeamName: 'Northern Wolves', mapIndex: 1 }),
      makeVetoMap(1),
    ],
  });
  const [banned, free] = match.maps as [never, never];

  it('names both captains to anyone else', () => {
    const text =
      'You are not the challenger or accepter or this match, only the following players can veto: player1, player6';
    expect(vetoClickRefusal(match, free, 3)).toBe(text);
    expect(vetoClickRefusal(match, free, null)).toBe(text);
  });

  it('refuses the captain who is not on turn', () => {
    expect(vetoClickRefusal(match, free, 1)).toBe("It's not your turn to pick/ban!");
  });

  it('refuses a map already taken', () => {
    expect(vetoClickRefusal(match, banned, 6)).toBe('Crash - is already picked/banned!');
  });

  it('lets the captain on turn choose a free map', () => {
    expect(vetoClickRefusal(match, free, 6)).toBeNull();
  });
});
