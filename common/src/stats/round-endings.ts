// How a search-and-destroy round ended, read from the `RW;` line's reason (docs/statistics.md, "Round timeline").

/** How a round ended, from the `RW;` line's reason; `other` for a reason Versus does not know. */
export const ROUND_ENDINGS = ['elimination', 'bomb', 'defuse', 'time', 'other'] as const;
export type RoundEnding = (typeof ROUND_ENDINGS)[number];

/** The ending of a `RW;` reason (docs/statistics.md, "Round timeline"). */
export function roundEnding(reason: string): RoundEnding {
  switch (reason) {
    case 'enemies_eliminated':
      return 'elimination';
    case 'bomb_exploded':
      return 'bomb';
    case 'bomb_defused':
      return 'defuse';
    case 'time':
    case 'time_expired':
      return 'time';
    default:
      return 'other';
  }
}

/** Words for each ending, as the timeline shows them. */
export const ROUND_ENDING_TEXTS: Record<RoundEnding, string> = {
  elimination: 'Elimination',
  bomb: 'Bomb exploded',
  defuse: 'Bomb defused',
  time: 'Time ran out',
  other: 'Other',
};
