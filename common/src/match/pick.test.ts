import { describe, expect, it } from 'vitest';
import type { Actor } from './commands.ts';
import { expectOk, expectRefused, makeMatch, T0 } from './fixtures.ts';
import { decide } from './machine.ts';
import { MATCH_TEXTS } from './match-texts.ts';
import { pickerSide, pickPool, snakePickSide } from './pick.ts';
import { SIDE_UNASSIGNED } from './state.ts';
import type { MatchPlayer, MatchState } from './state.ts';
import { STATUS } from './statuses.ts';

const RED: Actor = { userId: 1, isAdmin: false };
const BLUE: Actor = { userId: 2, isAdmin: false };

/** A 4v4 pug: captains 1 (highest rating) and 2, pool 3..8 rated 1000 + id. */
function pug(overrides: Partial<MatchState> = {}): MatchState {
  const players: MatchPlayer[] = [
    { userId: 1, username: 'p1', side: 1, rating: 2000 },
    { userId: 2, username: 'p2', side: 2, rating: 1900 },
    ...[3, 4, 5, 6, 7, 8].map((id): MatchPlayer => ({
      userId: id,
      username: `p${String(id)}`,
      side: SIDE_UNASSIGNED,
      rating: 1000 + id,
    })),
  ];
  const base = makeMatch();
  return makeMatch({
    type: 'solo-queue',
    statusId: STATUS.playerSelect,
    challenger: { ...base.challenger, teamId: null, captainUserId: 1, captainUsername: 'p1' },
    opponent: { ...base.opponent, teamId: null, captainUserId: 2, captainUsername: 'p2' },
    players,
    pick: { step: 0, deadline: T0 + 30_000 },
    location: { candidateIds: [31, 32, 33], votes: [], deadline: null, chosenId: null },
    ...overrides,
  });
}

describe('snake order', () => {
  it('is 1-2-2-1-1-2-2-1', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(snakePickSide)).toEqual([1, 2, 2, 1, 1, 2, 2, 1]);
  });
});

describe('pick.select', () => {
  it('the captain due picks; the turn passes on', () => {
    const { match, events } = expectOk(
      decide(pug(), { type: 'pick.select', actor: RED, playerUserId: 5 }, T0),
    );
    expect(match.players.find((p) => p.userId === 5)?.side).toBe(1);
    expect(match.pick).toEqual({ step: 1, deadline: T0 + 30_000 });
    expect(pickerSide(match)).toBe(2);
    expect(events).toEqual([{ type: 'PlayerPickerUpdate' }]);
  });

  it.each([
    [
      'not in 10',
      pug({ statusId: STATUS.locationSelect }),
      RED,
      3,
      'wrong-status',
      MATCH_TEXTS.pickWrongStatus,
    ],
    ['not a captain', pug(), { userId: 3, isAdmin: false }, 4, 'forbidden', MATCH_TEXTS.pickNotCaptain],
    ['not your turn', pug(), BLUE, 3, 'not-your-turn', MATCH_TEXTS.pickNotYourTurn],
    ['not in the pool', pug(), RED, 2, 'invalid', MATCH_TEXTS.pickNotAvailable],
  ] as const)('refused: %s', (_n, match, actor, playerUserId, code, message) => {
    expect(expectRefused(decide(match, { type: 'pick.select', actor, playerUserId }, T0))).toEqual({
      code,
      message,
    });
  });

  it('the last player joins the side due, picking ends, location voting starts', () => {
    let m = pug();
    const order: [Actor, number][] = [
      [RED, 3],
      [BLUE, 4],
      [BLUE, 5],
      [RED, 6],
      [RED, 7],
    ];
    for (const [actor, playerUserId] of order)
      m = expectOk(decide(m, { type: 'pick.select', actor, playerUserId }, T0)).match;
    expect(pickPool(m)).toEqual([]);
    expect(m.players.find((p) => p.userId === 8)?.side).toBe(2);
    expect(m.players.filter((p) => p.side === 1)).toHaveLength(4);
    expect(m.statusId).toBe(STATUS.locationSelect);
    expect(pickerSide(m)).toBeNull();
    expect(m.pick.deadline).toBeNull();
    expect(m.location.deadline).toBe(T0 + 60_000);
  });
});

describe('pick.timeout', () => {
  it('picks the highest-rated player for the side due', () => {
    const { match } = expectOk(decide(pug(), { type: 'pick.timeout', step: 0 }, T0 + 30_000));
    expect(match.players.find((p) => p.userId === 8)?.side).toBe(1);
  });

  it('is stale before the deadline or for another step', () => {
    expect(expectRefused(decide(pug(), { type: 'pick.timeout', step: 0 }, T0 + 29_999)).code).toBe('stale');
    expect(expectRefused(decide(pug(), { type: 'pick.timeout', step: 1 }, T0 + 30_000)).code).toBe('stale');
  });
});
