// Promod's match modes (`promod_mode`, set on the game server): `match_mr12` plays at most 24 rounds of
// search and destroy, so the first side to 13 wins the map and 12-12 is a draw.

/** Rounds a side needs to win a map in a promod mode (`match_mr<n>`: n + 1); 13 when the mode names none. */
export function roundsToWinOf(promodMode: string): number {
  const mr = /mr(\d+)/i.exec(promodMode);
  return mr ? Number(mr[1]) + 1 : 13;
}

/** Whether a map with this score is over in that mode: a side reached the rounds to win, or a draw. */
export function mapIsOver(first: number, second: number, roundsToWin: number): boolean {
  return Math.max(first, second) >= roundsToWin || (first === roundsToWin - 1 && second === roundsToWin - 1);
}
