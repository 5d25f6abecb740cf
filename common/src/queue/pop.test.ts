import { describe, expect, it } from 'vitest';
import { decidePop, formatQueueClock, type PopCommand, type PopDecision, type PopState } from './pop.ts';

const DEADLINE = 30_000;
const pop = (accepted: number[], overrides: Partial<PopState> = {}): PopState => ({
  status: 'open',
  deadline: DEADLINE,
  needed: 4,
  members: [1, 2, 3, 4].map((userId) => ({
    userId,
    acceptedAt: accepted.includes(userId) ? 1000 : null,
  })),
  ...overrides,
});

describe('decidePop', () => {
  const cases: [string, PopState, PopCommand, number, PopDecision][] = [
    [
      'an accept is recorded',
      pop([]),
      { type: 'accept', userId: 2 },
      5000,
      { kind: 'accepted', complete: false },
    ],
    [
      'the last accept forms the match',
      pop([1, 2, 4]),
      { type: 'accept', userId: 3 },
      29_999,
      { kind: 'accepted', complete: true },
    ],
    ['a second accept changes nothing', pop([2]), { type: 'accept', userId: 2 }, 5000, { kind: 'unchanged' }],
    [
      'an accept at the deadline is too late',
      pop([]),
      { type: 'accept', userId: 2 },
      DEADLINE,
      { kind: 'refused', reason: 'over' },
    ],
    [
      'a stranger cannot accept',
      pop([]),
      { type: 'accept', userId: 9 },
      5000,
      { kind: 'refused', reason: 'not-in-pop' },
    ],
    [
      'an ended pop refuses everything',
      pop([], { status: 'matched' }),
      { type: 'accept', userId: 1 },
      5000,
      { kind: 'refused', reason: 'over' },
    ],
    [
      'a seat nobody holds any more keeps the match from forming',
      pop([1, 2], { members: [1, 2, 3].map((userId) => ({ userId, acceptedAt: userId < 3 ? 1 : null })) }),
      { type: 'accept', userId: 3 },
      5000,
      { kind: 'accepted', complete: false },
    ],
    [
      'a decline sends only the decliner away, accepted or not the others stay',
      pop([1]),
      { type: 'decline', userId: 3 },
      5000,
      { kind: 'cancelled', reason: 'declined', removed: [3], requeued: [1, 2, 4] },
    ],
    [
      'a decline after the deadline is left to the deadline',
      pop([1]),
      { type: 'decline', userId: 3 },
      DEADLINE,
      { kind: 'refused', reason: 'over' },
    ],
    [
      'at the deadline whoever had not accepted leaves',
      pop([1, 4]),
      { type: 'expire' },
      DEADLINE,
      { kind: 'cancelled', reason: 'missed', removed: [2, 3], requeued: [1, 4] },
    ],
    [
      'before the deadline nothing expires',
      pop([]),
      { type: 'expire' },
      DEADLINE - 1,
      { kind: 'refused', reason: 'not-due' },
    ],
  ];
  it.each(cases)('%s', (_name, state, command, now, expected) => {
    expect(decidePop(state, command, now)).toEqual(expected);
  });
});

describe('formatQueueClock', () => {
  it.each([
    [0, '0:00'],
    [-5000, '0:00'],
    [9_999, '0:09'],
    [133_000, '2:13'],
    [75 * 60_000, '75:00'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatQueueClock(ms)).toBe(text);
  });
});
