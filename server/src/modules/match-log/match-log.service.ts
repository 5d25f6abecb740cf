// Log ingestion: a game server posts `games_mp.log` lines in batches; each new batch re-parses the whole
// match log (a kill may refer to a join from an earlier batch) and rewrites the match's statistics and the
// log scores of its maps, in the transaction that stores the batch.
import crypto from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { NotFoundError, UnauthorizedError } from '../../errors.ts';
import { summarizeLog } from '../statistics/index.ts';
import { mapScore, resolveIdentities } from '../statistics/index.ts';
import { gameServerForToken } from './match-server-token.ts';
import {
  accountsByGuid,
  insertBatch,
  lockMatch,
  matchLogLines,
  matchMapsWithNames,
  matchRoster,
  replaceMatchStatistics,
  type NewPlayerMapStats,
} from '../statistics/index.ts';

export interface LogBatchInput {
  matchId: number;
  token: string | null;
  /** The sender's idempotency key; null means "the SHA-256 of the lines". */
  batchId: string | null;
  lines: string[];
  now: Date;
}

export interface LogBatchResult {
  batchId: string;
  /** False when this batch had been received before (nothing changed). */
  accepted: boolean;
  lines: number;
  /** Maps of the match the log has statistics for (server map names). */
  maps: string[];
}

/** Stores one batch (once) and recomputes the match's statistics; 401 for a token not of this match's server. */
export async function ingestLogBatch(db: Db, input: LogBatchInput): Promise<LogBatchResult> {
  if (!input.token) throw new UnauthorizedError('A game server token is required.');
  const token = input.token;
  return db.transaction(async (tx) => {
    const server = await gameServerForToken(tx, input.matchId, token);
    if (!server) throw new UnauthorizedError('Invalid game server token.');
    return applyLogBatch(tx, server.id, input);
  });
}

/**
 * Stores a batch from a known game server (no token check: for trusted callers such as the simulated server
 * and the demo scenarios) and recomputes the match's statistics, within the caller's transaction.
 */
export async function applyLogBatch(
  tx: Tx,
  gameServerId: number,
  input: Omit<LogBatchInput, 'token'>,
): Promise<LogBatchResult> {
  const batchId = input.batchId ?? crypto.createHash('sha256').update(input.lines.join('\n')).digest('hex');
  const match = await lockMatch(tx, input.matchId);
  if (!match) throw new NotFoundError('Match not found.');
  const accepted = await insertBatch(tx, {
    gameServerId,
    matchId: input.matchId,
    batchId,
    lines: input.lines,
    now: input.now,
  });
  const maps = accepted ? await recomputeMatchStatistics(tx, input.matchId, match.gameId) : [];
  return { batchId, accepted, lines: input.lines.length, maps };
}

/**
 * Re-parses every stored batch of the match and rewrites `player_map_stats` and the maps' log scores.
 * Returns the server names of the match maps that got statistics. Log maps that are not maps of this match
 * (a warm-up on another map) are ignored.
 */
export async function recomputeMatchStatistics(tx: Tx, matchId: number, gameId: number): Promise<string[]> {
  const logMaps = summarizeLog(await matchLogLines(tx, matchId));
  const matchMaps = await matchMapsWithNames(tx, matchId);
  const roster = await matchRoster(tx, matchId);
  const guids = [...new Set(logMaps.flatMap((m) => m.players.map((p) => p.guid)).filter(Boolean))];
  const identities = resolveIdentities(logMaps, roster, await accountsByGuid(tx, gameId, guids));

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
  await replaceMatchStatistics(tx, matchId, rows, scores);
  return used;
}
