import { describe, expect, it } from 'vitest';
import { planBracket, roundName, roundStart, seedOrder } from './bracket.ts';

describe('seedOrder', () => {
  it('meets the best seed with the worst', () => {
    expect(seedOrder(2)).toEqual([1, 2]);
    expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });
});

describe('planBracket', () => {
  const summary = (n: number) =>
    planBracket(n).matches.map((m) => [m.round, m.position, m.challengerSeed, m.opponentSeed, m.next]);

  it.each([
    [2, 1, 1],
    [3, 2, 2],
    [4, 2, 3],
    [5, 3, 4],
    [6, 3, 5],
    [8, 3, 7],
    [9, 4, 8],
    [16, 4, 15],
  ])('%i teams: %i rounds, %i matches (one per team but the winner)', (n, rounds, count) => {
    const plan = planBracket(n);
    expect(plan.rounds).toBe(rounds);
    expect(plan.matches).toHaveLength(count);
    // Every seed appears exactly once in the matches created with known teams.
    const seeds = plan.matches.flatMap((m) => [m.challengerSeed, m.opponentSeed]).filter((s) => s !== null);
    expect(new Set(seeds).size).toBe(n);
    expect(seeds).toHaveLength(n);
  });

  it('3 teams: seed 1 has a bye into the final', () => {
    expect(summary(3)).toEqual([
      [1, 1, 2, 3, { position: 0, side: 2 }],
      [2, 0, 1, null, null],
    ]);
  });

  it('4 teams: 1 v 4 and 2 v 3, winners meet in the final', () => {
    expect(summary(4)).toEqual([
      [1, 0, 1, 4, { position: 0, side: 1 }],
      [1, 1, 2, 3, { position: 0, side: 2 }],
      [2, 0, null, null, null],
    ]);
  });

  it('5 teams: seeds 1-3 have byes; only 4 v 5 plays round 1', () => {
    expect(summary(5)).toEqual([
      [1, 1, 4, 5, { position: 0, side: 2 }],
      [2, 0, 1, null, { position: 0, side: 1 }],
      [2, 1, 2, 3, { position: 0, side: 2 }],
      [3, 0, null, null, null],
    ]);
  });

  it('8 teams: a full first round', () => {
    const plan = planBracket(8);
    expect(plan.matches.filter((m) => m.round === 1).map((m) => [m.challengerSeed, m.opponentSeed])).toEqual([
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ]);
  });

  it('refuses fewer than 2 teams', () => {
    expect(() => planBracket(1)).toThrow();
  });
});

describe('round helpers', () => {
  it('names rounds from the end and spaces their start times', () => {
    expect([1, 2, 3, 4].map((r) => roundName(r, 4))).toEqual([
      'Round 1',
      'Quarter-finals',
      'Semi-finals',
      'Final',
    ]);
    expect(roundStart(0, 3, 60)).toBe(2 * 3_600_000);
  });
});
