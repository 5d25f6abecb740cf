// The score the game server's log proposes for each played map, read from `match_maps` (the log's
// ingestion writes `log_first_score` / `log_second_score` there): the room reads the columns itself, so
// it never depends on the module that parses the log.
import { asc, eq, isNotNull, and, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { maps, matchMaps } from '../../../db/schema/index.ts';

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
  return db
    .select({
      id: matchMaps.id,
      mapId: matchMaps.mapId,
      mapName: maps.name,
      firstScore: matchMaps.logFirstScore,
      secondScore: matchMaps.logSecondScore,
    })
    .from(matchMaps)
    .innerJoin(maps, eq(maps.id, matchMaps.mapId))
    .where(and(eq(matchMaps.matchId, matchId), isNotNull(matchMaps.mapOrder)))
    .orderBy(sql`${matchMaps.mapOrder} asc nulls last`, asc(matchMaps.position));
}
