// Queries of the match log: the stored batches of a match and the log scores its readers show; no rules here.
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { maps, matches, matchMapRestores, matchMaps, statsLogBatches } from '../../db/schema/index.ts';

/** Locks the match row so two batches of one match are applied one after the other. */
export async function lockMatch(tx: Tx, matchId: number) {
  const [row] = await tx
    .select({ id: matches.id, gameId: matches.gameId })
    .from(matches)
    .where(eq(matches.id, matchId))
    .for('update');
  return row ?? null;
}

/** The row id and sequence of the match's newest stored batch, or null before the first. */
export async function lastBatchOf(tx: Tx, matchId: number): Promise<{ id: number; sequence: number } | null> {
  const [row] = await tx
    .select({ id: statsLogBatches.id, sequence: statsLogBatches.sequence })
    .from(statsLogBatches)
    .where(eq(statsLogBatches.matchId, matchId))
    .orderBy(desc(statsLogBatches.sequence), desc(statsLogBatches.id))
    .limit(1);
  return row ?? null;
}

/** Stores a batch after `sequence` unless this server already sent one with this id; its row id when new. */
export async function insertBatch(
  tx: Tx,
  batch: {
    gameServerId: number;
    matchId: number;
    batchId: string;
    lines: string[];
    now: Date;
    sequence: number;
  },
): Promise<number | null> {
  const inserted = await tx
    .insert(statsLogBatches)
    .values({
      gameServerId: batch.gameServerId,
      matchId: batch.matchId,
      batchId: batch.batchId,
      sequence: batch.sequence,
      body: batch.lines.join('\n'),
      lineCount: batch.lines.length,
      createdAt: batch.now,
    })
    .onConflictDoNothing({ target: [statsLogBatches.gameServerId, statsLogBatches.batchId] })
    .returning({ id: statsLogBatches.id });
  return inserted[0]?.id ?? null;
}

/**
 * Every stored line of the match in arrival order, each marked when it is a restore marker of the platform
 * (a batch a `match_map_restores` row points at; a game server's batch never is one).
 */
export async function matchLogRows(
  db: Db | Tx,
  matchId: number,
): Promise<{ line: string; marker: boolean }[]> {
  const rows = await db
    .select({ body: statsLogBatches.body, restoreId: matchMapRestores.id })
    .from(statsLogBatches)
    .leftJoin(matchMapRestores, eq(matchMapRestores.logBatchId, statsLogBatches.id))
    .where(eq(statsLogBatches.matchId, matchId))
    .orderBy(asc(statsLogBatches.sequence), asc(statsLogBatches.id));
  return rows.flatMap((r) =>
    r.body === '' ? [] : r.body.split('\n').map((line) => ({ line, marker: r.restoreId !== null })),
  );
}

/** The played maps of the match (play order) with the log's rounds won per side. */
export async function playedMapLogScores(db: Db | Tx, matchId: number) {
  return db
    .select({
      id: matchMaps.id,
      name: maps.name,
      nameCmd: maps.nameCmd,
      firstScore: matchMaps.logFirstScore,
      secondScore: matchMaps.logSecondScore,
    })
    .from(matchMaps)
    .innerJoin(maps, eq(maps.id, matchMaps.mapId))
    .where(and(eq(matchMaps.matchId, matchId), isNotNull(matchMaps.mapOrder)))
    .orderBy(asc(matchMaps.mapOrder), asc(matchMaps.position));
}
