// Writes a new match state back inside the transaction that holds the row lock: the match row (with
// `version` + 1), the veto grid and per-map scores in `match_maps`, player sides (and added substitutes)
// and location votes.
import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import { SIDE_UNASSIGNED, sideState } from '@versus/common/match/state';
import { STATUS } from '@versus/common/match/statuses';
import type { StatusId } from '@versus/common/match/statuses';
import type { MatchMapState, MatchState } from '@versus/common/match/state';
import type { Db, Tx } from '../../../db/client.ts';
import { locationPings, locationVotes, matchMaps, matchPlayers, matches } from '../../../db/schema/index.ts';
import type { MatchMapRow, MatchRow } from '../../../db/schema/index.ts';
import { matchRowValues } from './match-state.mapper.ts';
import type { MapInfo, MatchParts, MatchRecord } from './match-state.mapper.ts';

/** Who caused the change: a person (their id) or the system at a deadline (null). */
export interface ChangeAuthor {
  userId: number | null;
}

/** Statuses in which the match's maps exist as rows (the veto copied the pool). */
const MAP_ROW_STATUSES = new Set<StatusId>([
  STATUS.mapVeto,
  STATUS.inProgress,
  STATUS.finished,
  STATUS.disputed,
  STATUS.scoreEntered,
]);

/**
 * Stores the new state and returns the rows as now stored (what a load after commit would read: the
 * written rows come back from `RETURNING`), or null when it cannot tell (a substitute joined: their user
 * row was not read). With `expectVersion` (the caller decided on rows it had not locked) the match row is
 * written only while it still has that version, which also takes its row lock; 'stale' when it no longer
 * has it, and then nothing was written.
 */
export async function saveMatch(
  tx: Tx,
  record: MatchRecord,
  next: MatchState,
  now: number,
  author: ChangeAuthor,
  expectVersion?: number,
): Promise<MatchParts | null | 'stale'> {
  const before = record.state;
  const [row] = await tx
    .update(matches)
    .set({ ...changedRowValues(before, next, now), version: sql`${matches.version} + 1` })
    .where(
      expectVersion === undefined
        ? eq(matches.id, before.id)
        : and(eq(matches.id, before.id), eq(matches.version, expectVersion)),
    )
    .returning();
  if (!row && expectVersion !== undefined) return 'stale';
  const maps = await saveMaps(tx, record, next, now, author);
  const playersKnown = await savePlayers(tx, before, next, now, author);
  if (JSON.stringify(before.location.votes) !== JSON.stringify(next.location.votes)) {
    await tx.delete(locationVotes).where(eq(locationVotes.matchId, before.id));
    if (next.location.votes.length > 0) {
      await tx.insert(locationVotes).values(next.location.votes.map((v) => ({ matchId: before.id, ...v })));
    }
  }
  const pings = next.location.pings ?? [];
  if (JSON.stringify(before.location.pings ?? []) !== JSON.stringify(pings)) {
    await tx.delete(locationPings).where(eq(locationPings.matchId, before.id));
    if (pings.length > 0) {
      await tx.insert(locationPings).values(pings.map((p) => ({ matchId: before.id, ...p })));
    }
  }
  if (!row || !playersKnown) return null;
  return storedParts(record, next, row, maps);
}

/** The match's rows as stored after `next` was written: the written match row and maps (null: none). */
function storedParts(
  record: MatchRecord,
  next: MatchState,
  row: MatchRow,
  maps: MapInfo[] | null,
): MatchParts {
  const parts = record.parts;
  return {
    ...parts,
    row,
    players: next.players.map((p) => ({
      userId: p.userId,
      side: p.side,
      isSub: p.isSub === true,
      replacedUserId: p.replacesUserId ?? null,
    })),
    maps: maps ?? parts.maps,
    mapsPersisted: maps !== null || parts.mapsPersisted,
    location: {
      candidateIds: parts.location.candidateIds,
      votes: next.location.votes,
      pings: next.location.pings ?? [],
    },
  };
}

/**
 * A change that writes the match row and exactly one map row and nothing else (a veto ban or pick before
 * the last), as one statement committed on its own, so one round trip instead of four: the match row is
 * updated only while it still has `expectVersion` (which takes its row lock, as in `saveMatch`) and its
 * map row exists, and the map row only when the match row was. Answers the rows as now stored; 'stale'
 * when the version moved (then nothing was written); null when the change is not of that shape (nothing
 * written either: use `saveMatch` in a transaction).
 */
export async function saveMatchAndOneMap(
  db: Db,
  record: MatchRecord,
  next: MatchState,
  now: number,
  author: ChangeAuthor,
  expectVersion: number,
): Promise<MatchParts | 'stale' | null> {
  const before = record.state;
  if (!record.mapsPersisted || !playersUnchanged(before, next)) return null;
  if (JSON.stringify(before.location.votes) !== JSON.stringify(next.location.votes)) return null;
  if (JSON.stringify(before.location.pings ?? []) !== JSON.stringify(next.location.pings ?? [])) return null;
  const changes = changedMaps(record, next, now, author);
  const [change] = changes;
  if (!change || changes.length !== 1) return null;
  // As drizzle's `set` does, a column whose value is undefined is not written.
  const matchValues = Object.entries(changedRowValues(before, next, now)).filter(([, v]) => v !== undefined);
  const mapValues = Object.entries(change.values).filter(([, v]) => v !== undefined);
  const statement = turnStatement(
    db,
    matchValues.map(([k]) => k),
    mapValues.map(([k]) => k),
  );
  const values: Record<string, unknown> = { matchId: before.id, mapId: change.mapId, expectVersion };
  for (const [key, value] of matchValues) values[`match_${key}`] = value;
  for (const [key, value] of mapValues) values[`map_${key}`] = value;
  const [stored] = await statement.execute(values);
  if (!stored) return 'stale';
  const maps = record.maps.map((info) =>
    info.mapId === change.mapId ? { ...info, row: stored.changed_map } : info,
  );
  return storedParts(record, next, stored.changed_match, maps);
}

/**
 * The one statement of `saveMatchAndOneMap` for one set of written columns (a veto turn writes the same
 * few each time): the match row only while it still has `expectVersion` and its map row exists, the map
 * row only when the match row was written; answers both rows as stored. Built once per database handle and
 * column set, with the values as placeholders (set through their columns' encoders): building it took
 * ~1-2 ms of CPU a turn (drizzle walks every returned column), more than PGlite takes to run it; on
 * PostgreSQL it is also parsed and planned once per pooled connection.
 */
function turnStatement(db: Db, matchKeys: string[], mapKeys: string[]) {
  const key = `${matchKeys.join(',')}|${mapKeys.join(',')}`;
  let byShape = turnStatements.get(db);
  if (!byShape) {
    byShape = new Map();
    turnStatements.set(db, byShape);
  }
  let statement = byShape.get(key);
  if (!statement) {
    const placeholders = (prefix: string, keys: string[]) =>
      Object.fromEntries(keys.map((k) => [k, sql.placeholder(`${prefix}_${k}`)]));
    const mapWhere = and(
      eq(matchMaps.matchId, sql.placeholder('matchId')),
      eq(matchMaps.mapId, sql.placeholder('mapId')),
    );
    const match = db.$with('changed_match').as(
      db
        .update(matches)
        .set({ ...placeholders('match', matchKeys), version: sql`${matches.version} + 1` })
        .where(
          and(
            eq(matches.id, sql.placeholder('matchId')),
            eq(matches.version, sql.placeholder('expectVersion')),
            exists(
              db
                .select({ one: sql`1` })
                .from(matchMaps)
                .where(mapWhere),
            ),
          ),
        )
        .returning(),
    );
    const map = db.$with('changed_map').as(
      db
        .update(matchMaps)
        .set(placeholders('map', mapKeys))
        .where(and(mapWhere, sql`exists (select 1 from ${sql.identifier('changed_match')})`))
        .returning(),
    );
    turnStatementCount += 1;
    statement = db
      .with(match, map)
      .select()
      .from(match)
      .innerJoin(map, sql`true`)
      .prepare(`veto_turn_${String(turnStatementCount)}`);
    byShape.set(key, statement);
  }
  return statement;
}

type TurnStatement = {
  execute(values: Record<string, unknown>): Promise<{ changed_match: MatchRow; changed_map: MatchMapRow }[]>;
};
const turnStatements = new WeakMap<Db, Map<string, TurnStatement>>();
/** Named statements are per connection and process: one name per built statement. */
let turnStatementCount = 0;

/** Whether `next` has the same players on the same sides (what `savePlayers` would write: nothing). */
function playersUnchanged(before: MatchState, next: MatchState): boolean {
  if (before.players === next.players) return true;
  if (before.players.length !== next.players.length) return false;
  return next.players.every((p) => {
    const old = before.players.find((o) => o.userId === p.userId);
    return old !== undefined && old.side === p.side;
  });
}

/**
 * The match row's columns that the change moves (and `updatedAt`): columns the new state leaves as they
 * were are not written, which keeps the statement of a veto turn short.
 */
function changedRowValues(before: MatchState, next: MatchState, now: number) {
  const was: Record<string, unknown> = matchRowValues(before, before, now);
  const values: Record<string, unknown> = matchRowValues(before, next, now);
  const same = (a: unknown, b: unknown) =>
    a instanceof Date && b instanceof Date
      ? a.getTime() === b.getTime()
      : typeof a === 'object' && typeof b === 'object' && a !== null && b !== null
        ? JSON.stringify(a) === JSON.stringify(b)
        : a === b;
  const changed = Object.fromEntries(
    Object.entries(values).filter(([key, value]) => !(key in was) || !same(was[key], value)),
  ) as Partial<ReturnType<typeof matchRowValues>>;
  return { ...changed, updatedAt: new Date(now) };
}

function mapColumns(map: MatchMapState, score: { first: number | null; second: number | null }) {
  return {
    pickedBySide: map.pickedBySide,
    removedBySide: map.removedBySide,
    isDecider: map.decider,
    mapOrder: map.mapOrder,
    mapIndex: map.mapIndex,
    autoReason: map.autoReason ?? null,
    firstScore: score.first,
    secondScore: score.second,
  };
}

const scoreOf = (state: MatchState, mapId: number) => {
  const s = state.score.maps?.find((m) => m.mapId === mapId);
  return { first: s?.challengerScore ?? null, second: s?.opponentScore ?? null };
};

/** Whether a side (not the system) banned or picked the map in this change. */
const acted = (before: MatchMapState | undefined, after: MatchMapState) =>
  before?.mapIndex !== after.mapIndex && after.mapIndex !== null && !after.decider;

/** The stored maps whose columns `next` changes, with the values to write (who acted, when). */
function changedMaps(record: MatchRecord, next: MatchState, now: number, author: ChangeAuthor) {
  return next.maps.flatMap((map) => {
    const old = record.state.maps.find((m) => m.mapId === map.mapId);
    const columns = mapColumns(map, scoreOf(next, map.mapId));
    const oldColumns = old ? mapColumns(old, scoreOf(record.state, map.mapId)) : null;
    if (JSON.stringify(columns) === JSON.stringify(oldColumns)) return [];
    const values = {
      ...columns,
      ...(acted(old, map)
        ? { actedAt: new Date(now), actedByUserId: author.userId, isAuto: author.userId === null }
        : {}),
    };
    return [{ mapId: map.mapId, values }];
  });
}

/** Writes the maps that changed; returns every map with its row as now stored, or null when none changed. */
async function saveMaps(
  tx: Tx,
  record: MatchRecord,
  next: MatchState,
  now: number,
  author: ChangeAuthor,
): Promise<MapInfo[] | null> {
  if (!record.mapsPersisted) {
    if (!MAP_ROW_STATUSES.has(next.statusId) || next.maps.length === 0) return null;
    const inserted = await tx
      .insert(matchMaps)
      .values(
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
      )
      .returning();
    // In the order a load reads them (position, then row id).
    return inserted
      .sort((x, y) => x.position - y.position || x.id - y.id)
      .flatMap((row) => {
        const info = record.maps.find((m) => m.mapId === row.mapId);
        return info ? [{ ...info, position: row.position, row }] : [];
      });
  }
  const updated = new Map<number, MatchMapRow>();
  for (const change of changedMaps(record, next, now, author)) {
    const rows = await tx
      .update(matchMaps)
      .set(change.values)
      .where(and(eq(matchMaps.matchId, next.id), eq(matchMaps.mapId, change.mapId)))
      .returning();
    for (const row of rows) updated.set(row.mapId, row);
  }
  if (updated.size === 0) return null;
  return record.maps.map((info) => {
    const row = updated.get(info.mapId);
    return row ? { ...info, row } : info;
  });
}

/** Writes joined players and side changes; false when someone joined (their user row is not at hand). */
async function savePlayers(
  tx: Tx,
  before: MatchState,
  next: MatchState,
  now: number,
  author: ChangeAuthor,
): Promise<boolean> {
  let known = true;
  // A player no longer in the match left it: replaced by a substitute, or taken out of a lineup.
  const gone = before.players.filter((p) => !next.players.some((n) => n.userId === p.userId));
  if (gone.length > 0) {
    known = false;
    await tx.delete(matchPlayers).where(
      and(
        eq(matchPlayers.matchId, next.id),
        inArray(
          matchPlayers.userId,
          gone.map((p) => p.userId),
        ),
      ),
    );
  }
  for (const player of next.players) {
    const old = before.players.find((p) => p.userId === player.userId);
    if (!old) {
      // A lineup player or a substitute joins: they play for the side's team (none in solo-queue).
      const side = player.side === SIDE_UNASSIGNED ? null : sideState(next, player.side);
      await tx.insert(matchPlayers).values({
        matchId: next.id,
        userId: player.userId,
        side: player.side,
        teamId: side?.teamId ?? null,
        isSub: player.isSub === true,
        replacedUserId: player.replacesUserId ?? null,
        addedByUserId: player.isSub === true ? author.userId : null,
        joinedAt: new Date(now),
      });
      known = false;
      continue;
    }
    if (old.side === player.side) continue;
    await tx
      .update(matchPlayers)
      .set({ side: player.side })
      .where(and(eq(matchPlayers.matchId, next.id), eq(matchPlayers.userId, player.userId)));
  }
  return known;
}
