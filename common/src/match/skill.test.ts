import { describe, expect, it } from 'vitest';
import {
  balanceTeams,
  displayRating,
  isProvisional,
  newSkill,
  POINTS_PER_MU,
  PROVISIONAL_SIGMA,
  rateResult,
  stakesPreview,
  winProbability,
} from './skill.ts';
import type { Skill } from './skill.ts';

const s = (mu: number, sigma: number): Skill => ({ mu, sigma });

describe('skill model (openskill)', () => {
  it('a newcomer is μ 25, σ 25/3, provisional, displayed at the start rating', () => {
    const fresh = newSkill();
    expect(fresh).toEqual({ mu: 25, sigma: 25 / 3 });
    expect(isProvisional(fresh)).toBe(true);
    expect(displayRating(fresh, 1000)).toBe(1000);
    expect(POINTS_PER_MU).toBeCloseTo(24, 10);
  });

  it('displayed rating = start + round(24 × (μ − 3σ))', () => {
    // 30 − 3 × 2 = 24 → 24 × 24 = 576.
    expect(displayRating(s(30, 2), 1000)).toBe(1576);
    expect(displayRating(s(20, 7), 1500)).toBe(1500 + Math.round(24 * (20 - 21)));
    expect(isProvisional(s(25, PROVISIONAL_SIGMA))).toBe(false);
    expect(isProvisional(s(25, PROVISIONAL_SIGMA + 0.01))).toBe(true);
  });

  // Hand-computed: c = √(1 + 1 + 2 × (25/6)²) = 6.0599; 1 / (1 + e^(−5 / 6.0599)) = 1 / (1 + e^−0.8251) = 0.6953.
  it('win probability of two sides sums to 1 and favours the stronger', () => {
    const p = winProbability({ challenger: [s(30, 1)], opponent: [s(25, 1)] });
    expect(p.challenger).toBeCloseTo(0.6953, 4);
    expect(p.challenger + p.opponent).toBeCloseTo(1, 12);
    const even = winProbability({ challenger: [newSkill(), newSkill()], opponent: [newSkill(), newSkill()] });
    expect(even).toEqual({ challenger: 0.5, opponent: 0.5 });
    expect(winProbability({ challenger: [], opponent: [s(30, 1)] })).toEqual({
      challenger: 0.5,
      opponent: 0.5,
    });
  });

  it('a win moves the winner up, the loser down, both less uncertain', () => {
    const after = rateResult({ challenger: [newSkill()], opponent: [newSkill()] }, 'challenger');
    const [c] = after.challenger;
    const [o] = after.opponent;
    expect(c?.mu).toBeCloseTo(27.636, 2);
    expect(o?.mu).toBeCloseTo(22.364, 2);
    expect(c?.sigma).toBeCloseTo(8.066, 2);
    expect(o?.sigma).toBeLessThan(25 / 3);
    const flipped = rateResult({ challenger: [newSkill()], opponent: [newSkill()] }, 'opponent');
    expect(flipped.opponent[0]?.mu).toBeCloseTo(27.636, 2);
  });

  it('a draw (shared rank) pulls both sides toward each other', () => {
    const even = rateResult({ challenger: [newSkill()], opponent: [newSkill()] }, 'draw');
    expect(even.challenger[0]?.mu).toBeCloseTo(25, 10);
    expect(even.opponent[0]?.mu).toBeCloseTo(25, 10);
    expect(even.challenger[0]?.sigma).toBeLessThan(25 / 3);
    const uneven = rateResult({ challenger: [s(30, 3)], opponent: [s(20, 3)] }, 'draw');
    expect(uneven.challenger[0]?.mu).toBeLessThan(30);
    expect(uneven.opponent[0]?.mu).toBeGreaterThan(20);
  });

  it('an upset moves more than the expected result', () => {
    const sides = { challenger: [s(30, 3)], opponent: [s(24, 3)] };
    const expected = rateResult(sides, 'challenger').challenger[0]?.mu ?? 0;
    const upset = rateResult(sides, 'opponent').opponent[0]?.mu ?? 0;
    expect(upset - 24).toBeGreaterThan(expected - 30);
  });

  it('stakes preview: what each side wins and loses, in displayed points', () => {
    const stakes = stakesPreview({ challenger: [newSkill()], opponent: [newSkill()] }, 1000);
    // Win: 24 × (27.636 − 3 × 8.066) = 82.5 → 83; loss: 24 × (22.364 − 24.198) = −44.
    expect(stakes.challenger).toEqual({ winElo: 83, lossElo: 44 });
    expect(stakes.opponent).toEqual({ winElo: 83, lossElo: 44 });
    const settled = stakesPreview({ challenger: [s(30, 1)], opponent: [s(25, 1)] }, 1000);
    expect(settled.challenger.winElo).toBeLessThan(settled.opponent.winElo);
  });

  it('balanced teams: the split with the smallest win-probability gap, first player on the challenger side', () => {
    const players = [40, 35, 30, 25, 20, 15, 28, 27, 26, 24].map((mu, id) => ({ id, skill: s(mu, 2) }));
    const teams = balanceTeams(players);
    expect(teams.challenger).toHaveLength(5);
    expect(teams.opponent).toHaveLength(5);
    expect(teams.challenger[0]?.id).toBe(0);
    const p = winProbability({
      challenger: teams.challenger.map((x) => x.skill),
      opponent: teams.opponent.map((x) => x.skill),
    });
    // Every split has to be at least as uneven as the chosen one (checked by brute force here).
    let bestGap = Infinity;
    for (let mask = 0; mask < 1 << 10; mask += 1) {
      if ((mask & 1) === 0) continue;
      const c = players.filter((_, i) => (mask >> i) & 1);
      if (c.length !== 5) continue;
      const o = players.filter((_, i) => !((mask >> i) & 1));
      const g = Math.abs(
        winProbability({ challenger: c.map((x) => x.skill), opponent: o.map((x) => x.skill) }).challenger -
          0.5,
      );
      bestGap = Math.min(bestGap, g);
    }
    expect(Math.abs(p.challenger - 0.5)).toBeCloseTo(bestGap, 12);
    // The μ add up to 270, and 135 each is reachable (40 + 35 + 20 + 15 + 25): an even split.
    expect(teams.challenger.reduce((sum, x) => sum + x.skill.mu, 0)).toBe(135);
    expect(p.challenger).toBeCloseTo(0.5, 12);
  });

  it('balanced teams: large sides use the swap search and still split evenly', () => {
    const players = Array.from({ length: 24 }, (_, id) => ({ id, skill: s(15 + id, 2) }));
    const teams = balanceTeams(players);
    expect(teams.challenger).toHaveLength(12);
    const p = winProbability({
      challenger: teams.challenger.map((x) => x.skill),
      opponent: teams.opponent.map((x) => x.skill),
    });
    expect(Math.abs(p.challenger - 0.5)).toBeLessThan(0.01);
    expect(() => balanceTeams(players.slice(0, 3))).toThrow();
  });
});
