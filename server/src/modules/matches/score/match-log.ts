// The game server's log of a match as the machine's score rules take it (see
// common/src/match/server-log.ts): read fresh from the database, never from a cache, because log batches
// arrive on their own path.
import { roundsToWinOf } from '@versus/common/match/promod';
import type { ServerLog } from '@versus/common/match/server-log';
import type { MatchRules } from '../core/match-rules.ts';
import type { Queryable } from '../core/match.repository.ts';
import type { MatchRecord } from '../core/match-state.mapper.ts';
import { serverLogRows } from './match-log.repository.ts';

/** The match's log at `now`, or null when its game server never posted one (the score flow ignores it). */
export async function readServerLog(
  db: Queryable,
  record: MatchRecord,
  rules: Pick<MatchRules, 'serverLogQuietSeconds'>,
  now: number,
): Promise<ServerLog | null> {
  const rows = await serverLogRows(db, record.state.id);
  if (!rows) return null;
  return {
    maps: rows.maps,
    roundsToWin: roundsToWinOf(record.competition.promodMode),
    fresh: now - rows.lastLineAt < rules.serverLogQuietSeconds * 1000,
  };
}
