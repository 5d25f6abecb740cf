// Colour bands of the scoreboard (docs/statistics.md, "FPS rating"). Pure and shared, so the web and any
// server-built HTML agree on the thresholds.

export type StatColour = 'blue' | 'green' | 'yellow' | 'orange' | 'red';

/** Lower bounds (exclusive), best band first; anything not above the last bound is red. */
type Bands = readonly (readonly [above: number, colour: StatColour])[];

export const FPS_RATING_BANDS: Bands = [
  [3.5, 'blue'],
  [3, 'green'],
  [2, 'yellow'],
  [1, 'orange'],
];

export const KD_RATIO_BANDS: Bands = [
  [1.6, 'blue'],
  [1.1, 'green'],
  [0.9, 'yellow'],
  [0.75, 'orange'],
];

function colourOf(bands: Bands, value: number | null): StatColour | null {
  if (value === null || !Number.isFinite(value)) return null;
  for (const [above, colour] of bands) if (value > above) return colour;
  return 'red';
}

/** fps_rating: above 3.5 blue, above 3 green, above 2 yellow, above 1 orange, else red; null for no value. */
export function fpsRatingColour(value: number | null): StatColour | null {
  return colourOf(FPS_RATING_BANDS, value);
}

/** K/D: above 1.6 blue, above 1.1 green, above 0.9 yellow, above 0.75 orange, else red; null for no value. */
export function kdRatioColour(value: number | null): StatColour | null {
  return colourOf(KD_RATIO_BANDS, value);
}

/** Winner green, loser red, tie orange (Match Overview full scores); null while either score is unknown. */
export function resultColour(own: number | null, other: number | null): 'green' | 'red' | 'orange' | null {
  if (own === null || other === null) return null;
  if (own === other) return 'orange';
  return own > other ? 'green' : 'red';
}
