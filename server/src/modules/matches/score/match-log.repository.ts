// The game server's log as the score rules read it: the played maps' round scores (written by the log
// ingestion into `match_maps.log_*_score`) and when the match's last log batch arrived.
import { and, eq, isNotNull, max } from 'drizzle-orm';
import type { ServerLogMap } from '@versus/common/match/server-log';
import { matchMaps, statsLogBatches } from '../../../db/schema/index.ts';
import type { Queryable } from '../core/match.repository.ts';

/** The log's per-map scores and its last batch's arrival (epoch ms); null when no batch ever arrived. */
export async function serverLogRows(
  db: Queryable,
  matchId: number,
): Promise<{ maps: ServerLogMap[]; lastLineAt: number } | null> {
  const [last] = await db
    .select({ at: max(statsLogBatches.createdAt) })
    .from(statsLogBatches)
    .where(eq(statsLogBatches.matchId, matchId));
  if (!last?.at) return null;
  const rows = await db
    .select({ mapId: matchMaps.mapId, first: matchMaps.logFirstScore, second: matchMaps.logSecondScore })
    .from(matchMaps)
    .where(
      and(
        eq(matchMaps.matchId, matchId),
        isNotNull(matchMaps.mapOrder),
        isNotNull(matchMaps.logFirstScore),
        isNotNull(matchMaps.logSecondScore),
      ),
    );
  return {
    maps: rows.map((r) => ({ mapId: r.mapId, firstScore: r.first ?? 0, secondScore: r.second ?? 0 })),
    lastLineAt: new Date(last.at).getTime(),
  };
}
