import { describe, expect, it } from 'vitest';
import { eloDeltas, expectedScore, sideRating, stakes } from './elo.ts';

describe('elo', () => {
  it('equal ratings: even odds, K/2 either way', () => {
    expect(expectedScore(1000, 1000)).toBe(0.5);
    expect(stakes(1000, 1000, 32)).toEqual({ winElo: 16, lossElo: 16 });
  });

  // Hand-computed: E(1150 vs 1080) = 1 / (1 + 10^(-70/400)) = 1 / 1.66834 = 0.59940.
  it('1150 vs 1080 with K 32', () => {
    expect(expectedScore(1150, 1080)).toBeCloseTo(0.5994, 4);
    expect(stakes(1150, 1080, 32)).toEqual({ winElo: 13, lossElo: 19 }); // 12.82, 19.18
    expect(eloDeltas({ challenger: 1150, opponent: 1080 }, 1, 32)).toEqual({ challenger: 13, opponent: -13 });
    expect(eloDeltas({ challenger: 1150, opponent: 1080 }, 2, 32)).toEqual({ challenger: -19, opponent: 19 });
  });

  it('400 points apart with K 20: E = 10/11', () => {
    // 20 × (1 − 10/11) = 1.82 → 2; an upset: 20 × 10/11 = 18.18 → 18.
    expect(eloDeltas({ challenger: 1400, opponent: 1000 }, 1, 20)).toEqual({ challenger: 2, opponent: -2 });
    expect(eloDeltas({ challenger: 1400, opponent: 1000 }, 2, 20)).toEqual({ challenger: -18, opponent: 18 });
  });

  it('a side plays at its mean rating', () => {
    expect(sideRating([900, 1000, 1101], 1000)).toBe(1000);
    expect(sideRating([], 1000)).toBe(1000);
  });
});

describe('draws', () => {
  it('score 0.5 each: the favourite gives the underdog round(K × (E − 0.5))', () => {
    expect(eloDeltas({ challenger: 1150, opponent: 1080 }, 0, 32)).toEqual({ challenger: -3, opponent: 3 });
    expect(eloDeltas({ challenger: 1000, opponent: 1000 }, 0, 32)).toEqual({ challenger: 0, opponent: 0 });
  });
});
