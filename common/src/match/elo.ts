// Elo, pure. A side's expected score against the other is 1 / (1 + 10^((Ro - R) / 400)); a result moves
// the winner up by round(K × (1 − E_winner)) and the loser down by the same amount, so every match is
// zero-sum. A side of several players (solo-queue) plays at its players' mean rating.
import { RESULT_DRAW, SIDE_CHALLENGER } from './state.ts';
import type { MatchResult } from './state.ts';

/** The chance `rating` beats `opponentRating` (0..1). */
export function expectedScore(rating: number, opponentRating: number): number {
  return 1 / (1 + 10 ** ((opponentRating - rating) / 400));
}

/** What a side at `rating` stands to gain by winning and to lose by losing (both ≥ 0). */
export function stakes(
  rating: number,
  opponentRating: number,
  k: number,
): { winElo: number; lossElo: number } {
  const expected = expectedScore(rating, opponentRating);
  return { winElo: Math.round(k * (1 - expected)), lossElo: Math.round(k * expected) };
}

/** The change of each side's rating for a result; a draw scores 0.5 each: round(K × (0.5 − E)). */
export function eloDeltas(
  ratings: { challenger: number; opponent: number },
  winnerSide: MatchResult,
  k: number,
): { challenger: number; opponent: number } {
  if (winnerSide === RESULT_DRAW) {
    const delta = Math.round(k * (0.5 - expectedScore(ratings.challenger, ratings.opponent))) || 0;
    return { challenger: delta, opponent: -delta || 0 };
  }
  const [winner, loser] =
    winnerSide === SIDE_CHALLENGER
      ? [ratings.challenger, ratings.opponent]
      : [ratings.opponent, ratings.challenger];
  const gain = stakes(winner, loser, k).winElo;
  return winnerSide === SIDE_CHALLENGER
    ? { challenger: gain, opponent: -gain }
    : { challenger: -gain, opponent: gain };
}

/** The mean of the players' ratings, rounded; `fallback` for a side without players. */
export function sideRating(ratings: readonly number[], fallback: number): number {
  if (ratings.length === 0) return fallback;
  return Math.round(ratings.reduce((a, b) => a + b, 0) / ratings.length);
}
