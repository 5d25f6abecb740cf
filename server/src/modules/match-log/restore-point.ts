// Resume at the score (docs/game-servers.md, "Restore at the score"). The restore point is read from the
// match's stored log: the interrupted map's completed rounds with the sides as they stand (a round in
// progress at the crash is dropped). A restore writes a marker batch into the match log and records itself
// (`match_map_restores`); from the marker on, the log's events continue that map instead of starting it
// again, so the statistics, the live score and the automatic result add up the rounds played once.
import crypto from 'node:crypto';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { mapIsOver, roundsToWinOf } from '@versus/common/match/promod';
import { playedMaps } from '@versus/common/match/score';
import type { MatchRestore, RestoreReason } from '@versus/common/api/matches';
import type { Db, Tx } from '../../db/client.ts';
import { gameServers, matchMapRestores, matchMaps, statsLogBatches } from '../../db/schema/index.ts';
import { loadMatch } from '../matches/index.ts';
import {
  parseLogLine,
  parseRestoreMarker,
  restoreMarkerLine,
  type GameTeam,
  type LogEvent,
  type StoredLogEvent,
} from './match-log-parser.ts';
import { lastBatchOf, lockMatch, matchLogRows } from './match-log.repository.ts';

/**
 * The events subscribers see: at each restore marker the events of the round in progress (after the map's
 * last completed round) are dropped; after it, the warm-up of the new server (its `InitGame`s of the map
 * and any hits before its first round ends) is dropped too, so the map goes on as one map. The markers
 * themselves are left out.
 */
export function continueRestoredMaps(events: readonly StoredLogEvent[]): LogEvent[] {
  const out: LogEvent[] = [];
  if (!events.some((e) => e.type === 'restore')) {
    for (const e of events) if (e.type !== 'restore') out.push(e);
    return out;
  }
  let map: string | null = null;
  let mapStart = 0; // index in `out` of the map's first event
  let afterRound = -1; // index in `out` after the map's last completed round, -1 before its first
  let pending: { map: string; from: number } | null = null; // between a marker and the first round after it
  for (const event of events) {
    if (event.type === 'restore') {
      const same: boolean = event.mapName === map;
      if (same) out.length = afterRound >= 0 ? afterRound : mapStart;
      // At 0:0 (or on another map) the new server's InitGame simply starts the map.
      pending = same && event.rounds > 0 ? { map: event.mapName, from: out.length } : null;
      continue;
    }
    if (pending && event.type === 'init') {
      if (event.mapName === pending.map) {
        // The new server's level loads (warm-up, then live): its hits so far were not of a played round.
        const kept = out.slice(pending.from).filter((e) => !isPlay(e));
        out.length = pending.from;
        out.push(...kept);
        continue;
      }
      if (event.mapName !== null) pending = null;
    }
    if (event.type === 'init' && event.mapName !== null && event.mapName !== map) {
      map = event.mapName;
      mapStart = out.length;
      afterRound = -1;
    }
    out.push(event);
    if (event.type === 'round') {
      afterRound = out.length;
      pending = null;
    }
  }
  return out;
}

function isPlay(event: LogEvent): boolean {
  return (
    event.type === 'damage' || event.type === 'kill' || event.type === 'plant' || event.type === 'defuse'
  );
}

/** Where the log stands: the last map it played and the winners of its completed rounds (in order). */
export function logPosition(
  events: readonly StoredLogEvent[],
): { mapName: string; winners: (GameTeam | 'tie')[] } | null {
  let mapName: string | null = null;
  let winners: (GameTeam | 'tie')[] = [];
  for (const event of continueRestoredMaps(events)) {
    if (event.type === 'init' && event.mapName !== null && event.mapName !== mapName) {
      mapName = event.mapName;
      winners = [];
    } else if (event.type === 'round') {
      // A round numbered again from 1 (or lower than those kept) is a restart of the map.
      if (event.round <= winners.length) winners = winners.slice(0, event.round - 1);
      winners.push(event.winner);
    }
  }
  return mapName === null ? null : { mapName, winners };
}

/**
 * A promod score from the completed rounds: allies attack; the sides switch after `roundsToWin - 1` rounds.
 * `attack`/`defence` are the rounds of the sides attacking and defending in the next round; `allied`/`axis`
 * those of the side that was allies and axis in the first half.
 */
export function promodScore(winners: readonly (GameTeam | 'tie')[], roundsToWin: number) {
  let allied = 0;
  let axis = 0;
  winners.forEach((winner, i) => {
    if (winner === 'tie') return;
    const firstHalf = i + 1 < roundsToWin;
    if ((winner === 'allies') === firstHalf) allied++;
    else axis++;
  });
  const nextInFirstHalf = winners.length + 1 < roundsToWin;
  return nextInFirstHalf
    ? { attack: allied, defence: axis, allied, axis }
    : { attack: axis, defence: allied, allied, axis };
}

/** What a server restoring the match is given, and what the room will say. */
export interface RestorePlan {
  matchMapId: number;
  mapName: string;
  /** The maps still to play, the interrupted one first (server map names). */
  maps: string[];
  /** The competition's promod mode with the score (`match_mr12_7:5`), or the mode alone at 0:0. */
  promodMode: string;
  rounds: number;
  attack: number;
  defence: number;
  firstScore: number;
  secondScore: number;
}

/** The match's events as the subscribers see them, read from the stored log. */
export async function storedMatchEvents(db: Db | Tx, matchId: number): Promise<StoredLogEvent[]> {
  const events: StoredLogEvent[] = [];
  for (const { line, marker } of await matchLogRows(db, matchId)) {
    const event = marker ? parseRestoreMarker(line) : parseLogLine(line);
    if (event) events.push(event);
  }
  return events;
}

/** The match's whole log as its subscribers see it (restored maps continued, markers left out). */
export async function matchLogEvents(db: Db | Tx, matchId: number): Promise<LogEvent[]> {
  return continueRestoredMaps(await storedMatchEvents(db, matchId));
}

/**
 * The restore point of a match in progress: the map its log was playing (or the next one when that map is
 * over) with its completed rounds. Null when no map of the match has begun in the log, or all are over.
 */
export async function restorePlanOf(db: Db | Tx, matchId: number): Promise<RestorePlan | null> {
  const record = await loadMatch(db, matchId, { lock: false });
  if (!record) return null;
  const order = playedMaps(record.state).map((m) => ({ mapId: m.mapId, nameCmd: m.nameCmd.toLowerCase() }));
  const position = logPosition(await storedMatchEvents(db, matchId));
  if (!position) return null;
  let index = order.findIndex((m) => m.nameCmd === position.mapName);
  if (index === -1) return null;
  const roundsToWin = roundsToWinOf(record.competition.promodMode);
  let winners = position.winners;
  const now = promodScore(winners, roundsToWin);
  if (mapIsOver(now.allied, now.axis, roundsToWin)) {
    index += 1;
    winners = [];
  }
  const map = order[index];
  if (!map) return null;
  const [row] = await db
    .select({ id: matchMaps.id, first: matchMaps.logFirstScore, second: matchMaps.logSecondScore })
    .from(matchMaps)
    .where(
      and(eq(matchMaps.matchId, matchId), eq(matchMaps.mapId, map.mapId), isNotNull(matchMaps.mapOrder)),
    );
  if (!row) return null;
  const score = promodScore(winners, roundsToWin);
  const rounds = winners.filter((w) => w !== 'tie').length;
  // The log's score of the map as the statistics read it (challenger first); else side 1 was allies.
  const logged = row.first !== null && row.second !== null && row.first + row.second === rounds && rounds > 0;
  return {
    matchMapId: row.id,
    mapName: map.nameCmd,
    maps: order.slice(index).map((m) => m.nameCmd),
    promodMode:
      rounds === 0
        ? record.competition.promodMode
        : `${record.competition.promodMode}_${score.attack}:${score.defence}`,
    rounds,
    attack: score.attack,
    defence: score.defence,
    firstScore: logged ? (row.first ?? 0) : score.allied,
    secondScore: logged ? (row.second ?? 0) : score.axis,
  };
}

/**
 * Records a restore: its marker batch at the end of the match's log (on the match's latest server row) and
 * its `match_map_restores` row, in one transaction. Returns the restore's id.
 */
export async function recordRestore(
  db: Db,
  matchId: number,
  plan: RestorePlan,
  reason: RestoreReason,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockMatch(tx, matchId);
    return insertRestore(tx, matchId, plan, reason, now);
  });
}

/**
 * `recordRestore` inside the caller's transaction (which holds the match row lock), so the restore commits
 * together with what it owes the world (the server's setup, an effect).
 */
export async function insertRestore(
  tx: Tx,
  matchId: number,
  plan: RestorePlan,
  reason: RestoreReason,
  now: Date,
): Promise<number> {
  const [server] = await tx
    .select({ id: gameServers.id })
    .from(gameServers)
    .where(eq(gameServers.matchId, matchId))
    .orderBy(desc(gameServers.id))
    .limit(1);
  let logBatchId: number | null = null;
  if (server) {
    const previous = await lastBatchOf(tx, matchId);
    const line = restoreMarkerLine(plan);
    const [batch] = await tx
      .insert(statsLogBatches)
      .values({
        gameServerId: server.id,
        matchId,
        batchId: `versus-restore:${crypto.randomUUID()}`,
        sequence: (previous?.sequence ?? 0) + 1,
        body: line,
        lineCount: 1,
        createdAt: now,
      })
      .returning({ id: statsLogBatches.id });
    logBatchId = batch?.id ?? null;
  }
  const [row] = await tx
    .insert(matchMapRestores)
    .values({
      matchId,
      matchMapId: plan.matchMapId,
      reason,
      attackRounds: plan.attack,
      defenceRounds: plan.defence,
      firstScore: plan.firstScore,
      secondScore: plan.secondScore,
      logBatchId,
      at: now,
    })
    .returning({ id: matchMapRestores.id });
  return row?.id ?? 0;
}

/** The id of the match's latest restore (null: none), what a server set up for the match must match. */
export async function latestRestoreId(db: Db | Tx, matchId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: matchMapRestores.id })
    .from(matchMapRestores)
    .where(eq(matchMapRestores.matchId, matchId))
    .orderBy(desc(matchMapRestores.id))
    .limit(1);
  return row?.id ?? null;
}

/** Undoes a restore whose server could not be configured (its marker leaves the log with it). */
export async function forgetRestore(db: Db, restoreId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(matchMapRestores)
      .where(eq(matchMapRestores.id, restoreId))
      .returning({ logBatchId: matchMapRestores.logBatchId });
    if (row?.logBatchId) await tx.delete(statsLogBatches).where(eq(statsLogBatches.id, row.logBatchId));
  });
}

/** The match's latest restore, as the room's server box shows it. */
export async function latestRestore(db: Db | Tx, matchId: number): Promise<MatchRestore | null> {
  const [row] = await db
    .select()
    .from(matchMapRestores)
    .where(eq(matchMapRestores.matchId, matchId))
    .orderBy(desc(matchMapRestores.at), desc(matchMapRestores.id))
    .limit(1);
  if (!row) return null;
  return {
    reason: row.reason,
    firstScore: row.firstScore,
    secondScore: row.secondScore,
    at: row.at.toISOString(),
  };
}
