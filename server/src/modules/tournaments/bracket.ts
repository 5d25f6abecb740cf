// Round names and round clocks, pure.

/** "Final", "Semi-finals", "Quarter-finals", else "Round n". */
export function roundName(round: number, rounds: number): string {
  const fromEnd = rounds - round;
  if (fromEnd === 0) return 'Final';
  if (fromEnd === 1) return 'Semi-finals';
  if (fromEnd === 2) return 'Quarter-finals';
  return `Round ${String(round)}`;
}

/** When a round is due: the tournament start plus the minutes between rounds for each earlier round. */
export function roundStart(startMs: number, round: number, intervalMinutes: number): number {
  return startMs + (round - 1) * intervalMinutes * 60_000;
}
