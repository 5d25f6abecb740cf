// The statistics as a subscriber of the match log: after every stored batch, in its transaction, the match's
// parsed log is folded into per-map, per-player statistics and the maps' log scores, which replace the
// previous ones. Log maps that are not maps of this match (a warm-up on another map) are ignored.
import type { Tx } from '../../db/client.ts';
import type { MatchLogAppended, MatchLogSubscribers } from '../match-log/index.ts';
import { summarizeEvents } from './log-stats.ts';
import { mapScore, resolveIdentities } from './player-ids.ts';
import { trustedOwners } from '../player-ids/index.ts';
import {
  matchMapsWithNames,
  matchRoster,
  replaceMatchStatistics,
  type NewPlayerMapStats,
} from './stats.repository.ts';

/**
 * Rewrites `player_map_stats` and the maps' log scores from the match's whole parsed log. Returns the server
 * names of the match maps that got statistics.
 */
export async function statisticsFromMatchLog(tx: Tx, appended: MatchLogAppended): Promise<string[]> {
  const { matchId, gameId } = appended;
  const logMaps = summarizeEvents(appended.events);
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
  await replaceMatchStatistics(tx, matchId, rows, scores);
  return used;
}

/** The match log's subscribers from this module. */
export const matchLogStatistics: MatchLogSubscribers = { statistics: statisticsFromMatchLog };
