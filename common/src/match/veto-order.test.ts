import { describe, expect, it } from 'vitest';
import { BEST_OF, describeVetoOrder, MAX_POOL_SIZE, vetoOrder } from './veto-order.ts';

describe('veto order, fixed cases', () => {
  it.each([
    [1, 7, 'A-ban B-ban A-ban B-ban A-ban B-ban decider'],
    [3, 7, 'A-ban B-ban A-pick B-pick A-ban B-ban decider'],
    [5, 7, 'A-pick B-pick A-pick B-pick A-ban B-ban decider'],
    [3, 5, 'A-pick B-pick A-ban B-ban decider'],
    [3, 3, 'A-pick B-pick decider'],
    [3, 4, 'A-pick B-pick A-ban decider'],
    [3, 9, 'A-ban B-ban A-ban B-ban A-pick B-pick A-ban B-ban decider'],
    [5, 5, 'A-pick B-pick A-pick B-pick decider'],
    [5, 9, 'A-ban B-ban A-pick B-pick A-pick B-pick A-ban B-ban decider'],
    [1, 1, 'decider'],
    [1, 2, 'A-ban decider'],
  ] as const)('BO%i with %i maps: %s', (bestOf, pool, expected) => {
    expect(describeVetoOrder(vetoOrder(bestOf, pool))).toBe(expected);
  });

  it('refuses a pool smaller than the series', () => {
    expect(() => vetoOrder(3, 2)).toThrow();
    expect(() => vetoOrder(5, 4)).toThrow();
  });
});

describe('veto order, the general rule for every best-of and pool size up to 11', () => {
  const cases = BEST_OF.flatMap((bestOf) =>
    Array.from({ length: MAX_POOL_SIZE - bestOf + 1 }, (_, i) => [bestOf, bestOf + i] as const),
  );

  it.each(cases)('BO%i with %i maps', (bestOf, pool) => {
    const steps = vetoOrder(bestOf, pool);
    const picks = steps.filter((s) => s.action === 'pick').length;
    const bans = steps.length - picks;
    // Exactly one map is left: the decider.
    expect(steps.length).toBe(pool - 1);
    expect(picks).toBe(bestOf - 1);
    // Teams alternate, A first.
    steps.forEach((s, i) => expect(s.team).toBe(i % 2 === 0 ? 'A' : 'B'));
    // Shape: bans, then all picks together, then min(2, bans) closing bans.
    const closing = Math.min(2, bans);
    const actions = steps.map((s) => s.action).join(',');
    const expected = [
      ...Array<string>(bans - closing).fill('ban'),
      ...Array<string>(picks).fill('pick'),
      ...Array<string>(closing).fill('ban'),
    ].join(',');
    expect(actions).toBe(expected);
    // Picks are shared fairly: each team picks half (the series has an even number of picks).
    expect(steps.filter((s) => s.action === 'pick' && s.team === 'A').length).toBe(picks / 2);
  });
});
