import type { Db, Tx } from '../../db/client.ts';
import { matchMapsWithNames } from './stats.repository.ts';

/** One played map's score as read from the game server's log; null scores when the log did not tell. */
export interface ProposedMapScore {
  /** `match_maps.id` (the id the score form posts back). */
  id: number;
  mapId: number;
  mapName: string;
  firstScore: number | null;
  secondScore: number | null;
}

/**
 * The score the log proposes for each played map (play order), for the submit score form: challenger
 * rounds in `firstScore`, opponent rounds in `secondScore`. Empty when the match has no played maps.
 */
export async function proposedScores(db: Db | Tx, matchId: number): Promise<ProposedMapScore[]> {
  const rows = await matchMapsWithNames(db, matchId);
  return rows
    .filter((m) => m.mapOrder !== null)
    .map((m) => ({
      id: m.id,
      mapId: m.mapId,
      mapName: m.name,
      firstScore: m.logFirstScore,
      secondScore: m.logSecondScore,
    }));
}
