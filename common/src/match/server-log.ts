// What the game server's log says about a match's played maps, and how it ranks against a hand-entered
// score: while a map is in play a captain cannot enter a score; once the log's finished maps decide the
// series, a hand-entered sheet equal to the log's finishes the match as the log's, and a different one needs
// the other captain's approval (unanswered, the log's result is taken). The server reads the log under the
// match's row lock and passes it in the command; without a log (no game server posted one) none of this
// applies. See docs/scores.md.
import { mapIsOver } from './promod.ts';
import type { MapScore, MatchMapState, MatchState } from './state.ts';

/** One played map's rounds won as the log counts them (challenger first). */
export interface ServerLogMap {
  mapId: number;
  firstScore: number;
  secondScore: number;
}

/** The match's log as the server read it under the row lock. */
export interface ServerLog {
  /** The played maps the log has a round score for (a map it cannot score yet is absent). */
  maps: ServerLogMap[];
  /** Rounds a side needs to win a map (the competition's promod mode: 13 in match_mr12). */
  roundsToWin: number;
  /** Lines are still arriving: the last one came within the quiet window (a map left unfinished by a
   *  crashed or abandoned server stops counting as in play once the log has been quiet that long). */
  fresh: boolean;
}

/** The maps to be played in play order (as `playedMaps` of score.ts, which imports this file). */
function inPlayOrder(match: MatchState): MatchMapState[] {
  return match.maps.filter((m) => m.mapOrder !== null).sort((a, b) => (a.mapOrder ?? 0) - (b.mapOrder ?? 0));
}

/** The played map the log shows in play (not over yet, log still being written), or null. */
export function liveLogMap(match: MatchState, log: ServerLog): ServerLogMap | null {
  if (!log.fresh) return null;
  for (const map of inPlayOrder(match)) {
    const score = log.maps.find((m) => m.mapId === map.mapId);
    if (score && !mapIsOver(score.firstScore, score.secondScore, log.roundsToWin)) return score;
  }
  return null;
}

/**
 * The sheet the log's finished maps make when they decide the series (play order; maps after the decision
 * are null), or null while they do not: a map still missing or unfinished before the decision, or a level
 * map (a draw is left to the captains).
 */
export function logResultSheet(match: MatchState, log: ServerLog): MapScore[] | null {
  const needed = Math.ceil(match.bestOf / 2);
  const sheet: MapScore[] = [];
  let first = 0;
  let second = 0;
  for (const map of inPlayOrder(match)) {
    if (first >= needed || second >= needed) {
      sheet.push({ mapId: map.mapId, challengerScore: null, opponentScore: null });
      continue;
    }
    const score = log.maps.find((m) => m.mapId === map.mapId);
    if (!score) return null;
    const { firstScore: a, secondScore: b } = score;
    if (!mapIsOver(a, b, log.roundsToWin) || a === b) return null;
    if (a > b) first++;
    else second++;
    sheet.push({ mapId: map.mapId, challengerScore: a, opponentScore: b });
  }
  return first >= needed || second >= needed ? sheet : null;
}

/** Whether two sheets give every map the same pair (order-independent, by map). */
export function sameSheet(a: readonly MapScore[], b: readonly MapScore[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((entry) => {
    const other = b.find((m) => m.mapId === entry.mapId);
    return (
      other !== undefined &&
      other.challengerScore === entry.challengerScore &&
      other.opponentScore === entry.opponentScore
    );
  });
}
