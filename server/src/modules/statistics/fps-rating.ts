// The FPS rating: HLTV 1.0's formula with averages fitted to CoD4 5v5 search and destroy, scaled so an
// average player lands at 2.5, the middle of the colour bands. docs/statistics.md has the text.

/** Round-based counters a rating is computed from (per map, or summed over maps). */
export interface RatingCounters {
  roundsPlayed: number;
  roundsSurvived: number;
  kills: number;
  deaths: number;
  /** Rounds with exactly 1, 2, 3, 4 and 5 or more enemy kills. */
  rounds1k: number;
  rounds2k: number;
  rounds3k: number;
  rounds4k: number;
  rounds5k: number;
}

/**
 * Per-round averages of a CoD4 5v5 S&D player. A round ends with one side wiped out in most rounds, and the
 * winners lose about two players, so about 7 of 10 players die per round: 0.70 kills and 0.30 survivals per
 * player-round. Multi-kills are weighted by kills squared (1, 4, 9, 16, 25) as in HLTV 1.0; with CoD4's short
 * time-to-kill clustering kills a little more than Counter-Strike (1.277), we use 1.30. The log generator is
 * tuned to these figures, so its average player rates 2.5.
 */
export const COD4_SD_AVERAGES = {
  killsPerRound: 0.7,
  survivalPerRound: 0.3,
  multiKillPerRound: 1.3,
} as const;

/**
 * HLTV 1.0 averages 1.0; the spec colours fps_rating blue above 3.5, green above 3, yellow above 2 and orange
 * above 1. Scaling by 2.5 puts the average player (1.0 → 2.5) in the yellow middle, a good one (1.2) at 3,
 * a star (1.4+) in blue and a weak one (below 0.4) in red.
 */
export const FPS_RATING_SCALE = 2.5;

/**
 * `2.5 × (killRating + 0.7 × survivalRating + multiKillRating) / 2.7`, each part the player's per-round
 * figure divided by the average above. Null when the player finished no round.
 */
export function fpsRating(c: RatingCounters): number | null {
  if (c.roundsPlayed <= 0) return null;
  const rounds = c.roundsPlayed;
  const killRating = c.kills / rounds / COD4_SD_AVERAGES.killsPerRound;
  const survivalRating = c.roundsSurvived / rounds / COD4_SD_AVERAGES.survivalPerRound;
  const multiKills = c.rounds1k + 4 * c.rounds2k + 9 * c.rounds3k + 16 * c.rounds4k + 25 * c.rounds5k;
  const multiKillRating = multiKills / rounds / COD4_SD_AVERAGES.multiKillPerRound;
  const hltv = (killRating + 0.7 * survivalRating + multiKillRating) / 2.7;
  return round2(FPS_RATING_SCALE * hltv);
}

/** Kills per death with two decimals; with no death the kills themselves (as in-game scoreboards do). */
export function kdRatio(kills: number, deaths: number): number {
  return round2(deaths === 0 ? kills : kills / deaths);
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
