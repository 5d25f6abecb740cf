// Writes a new match state back inside the transaction that holds the row lock: the match row (with
// `version` + 1), the veto grid and per-map scores in `match_maps`, player sides and location votes.
import { and, eq, sql } from 'drizzle-orm';
import type { MatchMapState, MatchState } from '@versus/common/match/state';
import type { Tx } from '../../db/client.ts';
import { locationVotes, matchMaps, matchPlayers, matches } from '../../db/schema/index.ts';
import { matchRowValues } from './match-state.mapper.ts';
import type { MatchRecord } from './match-state.mapper.ts';

/** Who caused the change: a person (their id) or the system at a deadline (null). */
export interface ChangeAuthor {
  userId: number | null;
}

/** Statuses in which the match's maps exist as rows (the veto copied the pool). */
const MAPS_COPIED_FROM = new Set<number>([2, 4, 5, 6, 8]);

export async function saveMatch(
  tx: Tx,
  record: MatchRecord,
  next: MatchState,
  now: number,
  author: ChangeAuthor,
): Promise<void> {
  const before = record.state;
  await tx
    .update(matches)
    .set({ ...matchRowValues(before, next, now), version: sql`${matches.version} + 1` })
    .where(eq(matches.id, before.id));
  await saveMaps(tx, record, next, now, author);
  await savePlayers(tx, before, next);
  if (JSON.stringify(before.location.votes) !== JSON.stringify(next.location.votes)) {
    await tx.delete(locationVotes).where(eq(locationVotes.matchId, before.id));
    if (next.location.votes.length > 0) {
      await tx.insert(locationVotes).values(next.location.votes.map((v) => ({ matchId: before.id, ...v })));
    }
  }
}

function mapColumns(map: MatchMapState, score: { first: number | null; second: number | null }) {
  return {
    pickedBySide: map.pickedBySide,
    removedBySide: map.removedBySide,
    isDecider: map.decider,
    mapOrder: map.mapOrder,
    mapIndex: map.mapIndex,
    firstScore: score.first,
    secondScore: score.second,
  };
}

async function saveMaps(
  tx: Tx,
  record: MatchRecord,
  next: MatchState,
  now: number,
  author: ChangeAuthor,
): Promise<void> {
  const scoreOf = (state: MatchState, mapId: number) => {
    const s = state.score.maps?.find((m) => m.mapId === mapId);
    return { first: s?.challengerScore ?? null, second: s?.opponentScore ?? null };
  };
  const acted = (before: MatchMapState | undefined, after: MatchMapState) =>
    before?.mapIndex !== after.mapIndex && after.mapIndex !== null && !after.decider;
  if (!record.mapsPersisted) {
    if (!MAPS_COPIED_FROM.has(next.statusId) || next.maps.length === 0) return;
    await tx.insert(matchMaps).values(
      next.maps.map((map, i) => {
        const info = record.maps.find((m) => m.mapId === map.mapId);
        const didAct = acted(undefined, map);
        return {
          matchId: next.id,
          mapId: map.mapId,
          position: info?.position ?? i,
          ...mapColumns(map, scoreOf(next, map.mapId)),
          ...(didAct
            ? { actedAt: new Date(now), actedByUserId: author.userId, isAuto: author.userId === null }
            : {}),
        };
      }),
    );
    return;
  }
  for (const map of next.maps) {
    const old = record.state.maps.find((m) => m.mapId === map.mapId);
    const columns = mapColumns(map, scoreOf(next, map.mapId));
    const oldColumns = old ? mapColumns(old, scoreOf(record.state, map.mapId)) : null;
    if (JSON.stringify(columns) === JSON.stringify(oldColumns)) continue;
    const didAct = acted(old, map);
    await tx
      .update(matchMaps)
      .set({
        ...columns,
        ...(didAct
          ? { actedAt: new Date(now), actedByUserId: author.userId, isAuto: author.userId === null }
          : {}),
      })
      .where(and(eq(matchMaps.matchId, next.id), eq(matchMaps.mapId, map.mapId)));
  }
}

async function savePlayers(tx: Tx, before: MatchState, next: MatchState): Promise<void> {
  for (const player of next.players) {
    const old = before.players.find((p) => p.userId === player.userId);
    if (old?.side === player.side) continue;
    await tx
      .update(matchPlayers)
      .set({ side: player.side })
      .where(and(eq(matchPlayers.matchId, next.id), eq(matchPlayers.userId, player.userId)));
  }
}
