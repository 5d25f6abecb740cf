import type { PickData } from '@versus/common/realtime';
import { describe, expect, it } from 'vitest';
import { AUTO_PICK_FINISHED, AUTO_PICK_IN_PROGRESS, pickStatus } from './pick-status';

const NOW = 1_000_000;

function pug(overrides: Partial<PickData> = {}): PickData {
  return {
    users: [],
    challengerTeamId: 1,
    opponentTeamId: 2,
    challengerUser: { id: 1, username: 'player1', color: null },
    opponentUser: { id: 2, username: 'player2', color: null },
    pickerTeamId: 2,
    timeRemaining: NOW + 25,
    ...overrides,
  };
}

describe('pickStatus', () => {
  it.each([
    [
      'names the picking captain with the seconds left',
      pug(),
      'player2 is picking a player | 25 seconds remaining ...',
      false,
    ],
    [
      'the challenger captain on its turn',
      pug({ pickerTeamId: 1, timeRemaining: NOW + 1 }),
      'player1 is picking a player | 1 seconds remaining ...',
      false,
    ],
    ['under a second left: the auto picker', pug({ timeRemaining: NOW + 0.5 }), AUTO_PICK_IN_PROGRESS, true],
    ['deadline passed: the auto picker', pug({ timeRemaining: NOW - 3 }), AUTO_PICK_IN_PROGRESS, true],
    ['no deadline with a picker: the auto picker', pug({ timeRemaining: null }), AUTO_PICK_IN_PROGRESS, true],
    ['picking over', pug({ pickerTeamId: null, timeRemaining: null }), AUTO_PICK_FINISHED, true],
  ])('%s', (_name, data, text, locked) => {
    expect(pickStatus(data, NOW)).toEqual({ text, locked });
  });

  it('ticks down with the clock', () => {
    expect(pickStatus(pug(), NOW + 10).text).toContain('| 15 seconds remaining');
  });
});
