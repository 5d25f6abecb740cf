// The statistics as a subscriber of the match log: after every stored batch, in its transaction, the batch's
// events are added to the match's fold (kept in memory between batches, rebuilt from the whole parsed log when
// it does not cover exactly the batches before this one) and the per-map, per-player statistics and the
// maps' log scores it yields are written where they changed. Log maps that are not maps of this match (a
// warm-up on another map) are ignored. docs/statistics.md, "How a batch is counted".
import type { Tx } from '../../db/client.ts';
import type { MatchLogAppended, MatchLogSubscribers } from '../match-log/index.ts';
import { MatchLogFold } from './log-stats.ts';
import { mapScore, resolveIdentities } from './player-ids.ts';
import { trustedOwners } from '../player-ids/index.ts';
import {
  matchMapsWithNames,
  matchRoster,
  writeMatchStatistics,
  type NewPlayerMapStats,
} from './stats.repository.ts';

/** How many matches' folds one instance keeps (matches in play at once, with room to spare). */
const MAX_MATCHES = 200;

/**
 * Each match's fold, keyed by the row id of the newest stored batch it covers. A fold is taken out while a
 * batch is applied and put back only once its statistics are written, so a failed batch leaves none behind;
 * a batch rolled back after that leaves one keyed by a row id no later batch follows (row ids are never used
 * again), so the next batch rebuilds it. A restart, another instance storing a batch, or a trusted caller
 * writing without this state (the simulated log) all make the key miss.
 */
export class MatchLogFolds {
  private readonly byMatch = new Map<number, { lastBatchId: number; fold: MatchLogFold }>();
  /** How many folds were rebuilt from the whole log (tests and the benchmark read it). */
  rebuilds = 0;

  /** The match's fold with this batch's events added: incremental when it covers the batch before. */
  take(appended: MatchLogAppended): MatchLogFold {
    const known = this.byMatch.get(appended.matchId);
    this.byMatch.delete(appended.matchId);
    if (known && appended.previousBatchId !== null && known.lastBatchId === appended.previousBatchId) {
      return known.fold.add(appended.fresh);
    }
    this.rebuilds++;
    return new MatchLogFold().add(appended.events);
  }

  /** Keeps the fold once the batch's statistics are written (the least recently stored match goes first). */
  keep(matchId: number, lastBatchId: number, fold: MatchLogFold): void {
    this.byMatch.set(matchId, { lastBatchId, fold });
    if (this.byMatch.size > MAX_MATCHES) {
      const oldest = this.byMatch.keys().next().value;
      if (oldest !== undefined) this.byMatch.delete(oldest);
    }
  }
}

/**
 * Writes the changed `player_map_stats` rows and maps' log scores after a stored batch. With `folds` the
 * batch's events are added to the match's kept fold; without, the whole parsed log is folded. Returns the
 * server names of the match maps that got statistics.
 */
export async function statisticsFromMatchLog(
  tx: Tx,
  appended: MatchLogAppended,
  folds: MatchLogFolds | null = null,
): Promise<string[]> {
  const { matchId, gameId } = appended;
  const fold = folds ? folds.take(appended) : new MatchLogFold().add(appended.events);
  const logMaps = fold.snapshot();
  const matchMaps = await matchMapsWithNames(tx, matchId);
  const roster = await matchRoster(tx, matchId);
  const guids = [...new Set(logMaps.flatMap((m) => m.players.map((p) => p.guid)).filter(Boolean))];
  const identities = resolveIdentities(logMaps, roster, await trustedOwners(tx, gameId, guids));

  const rows: NewPlayerMapStats[] = [];
  const scores = new Map<number, { first: number; second: number } | null>();
  const used: string[] = [];
  for (const logMap of logMaps) {
    const matchMap = matchMaps.find((m) => m.nameCmd.toLowerCase() === logMap.mapName);
    if (!matchMap) continue;
    // A map played twice in one log (replayed after a crash) keeps its latest play.
    if (scores.has(matchMap.id)) {
      for (let i = rows.length - 1; i >= 0; i--) if (rows[i]?.matchMapId === matchMap.id) rows.splice(i, 1);
    } else {
      used.push(matchMap.nameCmd);
    }
    scores.set(matchMap.id, mapScore(logMap, identities));
    for (const p of logMap.players) {
      const identity = identities.get(p.key);
      rows.push({
        matchId,
        matchMapId: matchMap.id,
        mapId: matchMap.mapId,
        userId: identity?.userId ?? null,
        guid: p.key.slice(0, 64),
        inGameName: p.name.slice(0, 64),
        side: identity?.side ?? null,
        kills: p.kills,
        deaths: p.deaths,
        assists: p.assists,
        damage: p.damage,
        headshots: p.headshots,
        plants: p.plants,
        defuses: p.defuses,
        score: p.score,
        roundsPlayed: p.roundsPlayed,
        roundsSurvived: p.roundsSurvived,
        rounds1k: p.rounds1k,
        rounds2k: p.rounds2k,
        rounds3k: p.rounds3k,
        rounds4k: p.rounds4k,
        rounds5k: p.rounds5k,
        fpsRating: p.fpsRating,
      });
    }
  }
  await writeMatchStatistics(tx, matchId, rows, scores, matchMaps);
  folds?.keep(matchId, appended.lastBatchId, fold);
  return used;
}

/** The match log's subscribers from this module, with their own folds (one per app). */
export function createMatchLogStatistics(): MatchLogSubscribers & { folds: MatchLogFolds } {
  const folds = new MatchLogFolds();
  return { folds, statistics: (tx, appended) => statisticsFromMatchLog(tx, appended, folds) };
}

/** The subscribers for a trusted caller without kept state (the simulated log): each batch folds the whole log. */
export const matchLogStatistics: MatchLogSubscribers = {
  statistics: (tx, appended) => statisticsFromMatchLog(tx, appended),
};
