// The rating model: openskill's Weng-Lin Bayesian approximation (Plackett-Luce, the library's default
// model). Every rated subject (a player in solo-queue, a team, a team's ladder standing) has a skill
// belief: `mu` (the estimate) and `sigma` (its uncertainty). A side of several players plays as the sum of
// its players' beliefs, so every player of a side moves by their own uncertainty.
//
// - Win probability: the model's own chance that a side ranks first, the Plackett-Luce (for two sides
//   Bradley-Terry) logistic 1 / (1 + e^(−(μA − μB) / c)), c = √(σA² + σB² + 2β²), a side's μ and σ² being
//   the sums over its players. openskill's `predictWin` uses a normal CDF on the same numbers, which does
//   not match the logistic the ratings are fitted with and predicts too confidently (bench/ratings: log-loss
//   0.49 against 0.42 on generated team histories).
// - Result: `rate` with ranks (a draw is a shared rank, so both sides move toward each other).
// - Displayed rating: the conservative ordinal μ − 3σ (the skill the subject is 99.7 % sure to have),
//   scaled to the Elo-like numbers the site always showed: `RATING_START + round(POINTS_PER_MU × (μ − 3σ))`.
//   A newcomer (μ 25, σ 25/3) has ordinal 0, so starts at RATING_START (1000); one β (25/6, the gap at
//   which the stronger of two settled sides wins 76 % of the time) is 100 points.
// - Provisional: σ above PROVISIONAL_SIGMA (7.5): about 4 matches for a team, about 12 for a solo-queue
//   player, whose matches teach less about each of the ten.
import { ordinal, rate, rating } from 'openskill';

export interface Skill {
  mu: number;
  sigma: number;
}

/** The model's constants (openskill's defaults, named so the ratings breakdown can show them). */
export const SKILL_MODEL = {
  name: 'openskill Weng-Lin (Plackett-Luce)',
  mu: 25,
  sigma: 25 / 3,
  beta: 25 / 6,
  tau: 25 / 300,
  z: 3,
} as const;

/** Rating points per unit of μ − 3σ: one β = 100 points. */
export const POINTS_PER_MU = 100 / SKILL_MODEL.beta;

/** A subject whose σ is above this is shown as provisional. */
export const PROVISIONAL_SIGMA = 7.5;

/** Who won a match, or a draw (both sides rated 0.5). */
export type Outcome = 'challenger' | 'opponent' | 'draw';

export interface SidePair<T> {
  challenger: T;
  opponent: T;
}

/** The belief of a subject nobody has seen play. */
export function newSkill(): Skill {
  const { mu, sigma } = rating();
  return { mu, sigma };
}

/**
 * The belief behind a number given as a displayed rating (the demo world's teams and players): a
 * newcomer's uncertainty (σ 25/3) around the μ that displays exactly as `rating`.
 */
export function skillForRating(rating: number, start: number): Skill {
  const sigma = SKILL_MODEL.sigma;
  return { mu: (rating - start) / POINTS_PER_MU + SKILL_MODEL.z * sigma, sigma };
}

export function isProvisional(skill: Skill): boolean {
  return skill.sigma > PROVISIONAL_SIGMA;
}

/** The conservative estimate μ − 3σ. */
export function conservativeSkill(skill: Skill): number {
  return ordinal(skill, { z: SKILL_MODEL.z });
}

/** The displayed (Elo-like) rating: `start + round(POINTS_PER_MU × (μ − 3σ))`. */
export function displayRating(skill: Skill, start: number): number {
  return start + Math.round(POINTS_PER_MU * conservativeSkill(skill));
}

/**
 * Each side's chance to win (0..1, summing to 1). A side without players counts as nobody yet:
 * both sides get 0.5.
 */
export function winProbability(sides: SidePair<readonly Skill[]>): SidePair<number> {
  if (sides.challenger.length === 0 || sides.opponent.length === 0) return { challenger: 0.5, opponent: 0.5 };
  const sum = (skills: readonly Skill[], f: (s: Skill) => number) => skills.reduce((a, s) => a + f(s), 0);
  const mu = (skills: readonly Skill[]) => sum(skills, (s) => s.mu);
  const variance = (skills: readonly Skill[]) => sum(skills, (s) => s.sigma * s.sigma);
  const c = Math.sqrt(variance(sides.challenger) + variance(sides.opponent) + 2 * SKILL_MODEL.beta ** 2);
  const challenger = 1 / (1 + Math.exp(-(mu(sides.challenger) - mu(sides.opponent)) / c));
  return { challenger, opponent: 1 - challenger };
}

const RANKS: Record<Outcome, [number, number]> = {
  challenger: [1, 2],
  opponent: [2, 1],
  draw: [1, 1],
};

/** The beliefs after a result (same order as given). */
export function rateResult(sides: SidePair<readonly Skill[]>, outcome: Outcome): SidePair<Skill[]> {
  if (sides.challenger.length === 0 || sides.opponent.length === 0) {
    return { challenger: copy(sides.challenger), opponent: copy(sides.opponent) };
  }
  const [challenger = [], opponent = []] = rate([copy(sides.challenger), copy(sides.opponent)], {
    rank: RANKS[outcome],
  });
  return { challenger: challenger.map(plain), opponent: opponent.map(plain) };
}

/** A side's displayed change: the mean of its subjects' changes, rounded. */
function sideDelta(before: readonly Skill[], after: readonly Skill[], start: number): number {
  if (before.length === 0) return 0;
  let sum = 0;
  before.forEach((skill, i) => {
    const next = after[i] ?? skill;
    sum += displayRating(next, start) - displayRating(skill, start);
  });
  return Math.round(sum / before.length);
}

/**
 * What each side stands to gain by winning (`winElo`, ≥ 0) and lose by losing (`lossElo`, ≥ 0), in
 * displayed points (a side of several players: the mean of its players' changes). A provisional
 * subject can gain points even by losing (its σ shrinks); the stake then shows 0.
 */
export function stakesPreview(
  sides: SidePair<readonly Skill[]>,
  start: number,
): SidePair<{ winElo: number; lossElo: number }> {
  const ifChallengerWins = rateResult(sides, 'challenger');
  const ifOpponentWins = rateResult(sides, 'opponent');
  const delta = (result: SidePair<Skill[]>, key: keyof SidePair<unknown>) =>
    sideDelta(sides[key], result[key], start);
  return {
    challenger: {
      winElo: Math.max(delta(ifChallengerWins, 'challenger'), 0),
      lossElo: Math.max(-delta(ifOpponentWins, 'challenger'), 0),
    },
    opponent: {
      winElo: Math.max(delta(ifOpponentWins, 'opponent'), 0),
      lossElo: Math.max(-delta(ifChallengerWins, 'opponent'), 0),
    },
  };
}

/** Splits checked one by one up to this many; above it (teams of 9+) a greedy split improved by swaps. */
const EXHAUSTIVE_LIMIT = 20_000;

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i += 1) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/**
 * Balanced teams: the split of `players` (an even number) into two equal sides with the smallest
 * win-probability gap |P(challenger) − 0.5|. The first player given always lands on the challenger side
 * (a split and its mirror are the same teams), so 5v5 checks C(9, 4) = 126 splits; ties keep the first
 * split found, so the answer is deterministic for a given order. Larger teams (C > 20,000) start from a
 * snake split by conservative skill and swap pairs while the gap shrinks.
 */
export function balanceTeams<T extends { skill: Skill }>(players: readonly T[]): SidePair<T[]> {
  const n = players.length / 2;
  if (!Number.isInteger(n) || n < 1) throw new Error('Balanced teams need an even number of players');
  const gap = (c: readonly T[], o: readonly T[]) =>
    Math.abs(
      winProbability({ challenger: c.map((p) => p.skill), opponent: o.map((p) => p.skill) }).challenger - 0.5,
    );
  const split = (mask: readonly boolean[]) => ({
    challenger: players.filter((_, i) => mask[i]),
    opponent: players.filter((_, i) => !mask[i]),
  });
  if (binomial(players.length - 1, n - 1) <= EXHAUSTIVE_LIMIT) {
    let best: SidePair<T[]> | null = null;
    let bestGap = Infinity;
    const mask = players.map((_, i) => i === 0);
    const walk = (from: number, left: number) => {
      if (left === 0) {
        const s = split(mask);
        const g = gap(s.challenger, s.opponent);
        if (g < bestGap - 1e-12) {
          bestGap = g;
          best = s;
        }
        return;
      }
      for (let i = from; i <= players.length - left; i += 1) {
        mask[i] = true;
        walk(i + 1, left - 1);
        mask[i] = false;
      }
    };
    walk(1, n - 1);
    if (best) return best;
  }
  // Snake by conservative skill (1, 2, 2, 1, ...), then the best improving swap until none improves.
  const order = players
    .map((p, i) => ({ p, i }))
    .sort((a, b) => conservativeSkill(b.p.skill) - conservativeSkill(a.p.skill) || a.i - b.i);
  const mask = players.map(() => false);
  order.forEach(({ i }, k) => {
    mask[i] = Math.floor((k + 1) / 2) % 2 === 0;
  });
  if (!mask[0]) for (let i = 0; i < mask.length; i += 1) mask[i] = !mask[i];
  let current = split(mask);
  let currentGap = gap(current.challenger, current.opponent);
  for (let improved = true; improved;) {
    improved = false;
    for (let a = 1; a < players.length; a += 1) {
      for (let b = 1; b < players.length; b += 1) {
        if (!mask[a] || mask[b]) continue;
        mask[a] = false;
        mask[b] = true;
        const s = split(mask);
        const g = gap(s.challenger, s.opponent);
        if (g < currentGap - 1e-12) {
          current = s;
          currentGap = g;
          improved = true;
        } else {
          mask[a] = true;
          mask[b] = false;
        }
      }
    }
  }
  return current;
}

function copy(skills: readonly Skill[]): Skill[] {
  return skills.map(plain);
}

function plain(skill: Skill): Skill {
  return { mu: skill.mu, sigma: skill.sigma };
}
