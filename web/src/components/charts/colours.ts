/** Line colours on the dark theme, in series order (the canvas and the legend's swatches). */
export const SERIES_COLOURS = ['#f5a524', '#7cc4ff', '#4ade80', '#f472b6', '#a78bfa', '#fb923c'] as const;

export const seriesColour = (index: number): string =>
  SERIES_COLOURS[index % SERIES_COLOURS.length] ?? '#f5a524';
