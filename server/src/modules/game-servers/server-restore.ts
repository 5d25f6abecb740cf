// A match's server set up again mid-match (docs/game-servers.md, "Restore at the score"): an admin's move, an
// admin's "Restart the map at the score", the embedded default's resume after an app restart. Each is one
// transaction holding the match row lock: the restore point read from the log, the restore recorded (its
// row and log marker), the target server claimed (a move) and the `server-setup` effect recorded, which
// configures the server over rcon after the commit. A process that dies after the commit leaves the effect
// pending, and the effects worker configures the server when the app is back.
import { STATUS } from '@versus/common/match/statuses';
import type { RestoreReason } from '@versus/common/api/matches';
import { z } from 'zod';
import type { AppContext } from '../../core/app-context.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { MatchEffectRow } from '../../db/schema/index.ts';
import { ConflictError } from '../../errors.ts';
import { listMatchEffects, recordEffect, runEffectsNow } from '../effects/index.ts';
import { loadMatch } from '../matches/index.ts';
import {
  forgetRestore,
  insertRestore,
  latestRestoreId,
  lockMatch,
  restorePlanOf,
  type RestorePlan,
} from '../match-log/index.ts';
import { allocationOf, findHost, updateAllocationPassword } from './hosts.repository.ts';
import { randomGamePassword, type GameServerPool, type ServerSetup } from './pool.ts';

export const SERVER_SETUP = 'server-setup';

/** What the effect configures: the allocation it was recorded for, and the restore (if any) it carries out. */
export const setupPayload = z.object({
  allocationId: z.number(),
  restoreId: z.number().nullable(),
  maps: z.array(z.string()).optional(),
  promodMode: z.string().optional(),
});
type SetupPayload = z.infer<typeof setupPayload>;

function setupOf(plan: RestorePlan | null): Pick<ServerSetup, 'maps' | 'promodMode'> {
  return plan ? { maps: plan.maps, promodMode: plan.promodMode } : {};
}

async function recordSetup(tx: Tx, matchId: number, payload: SetupPayload, now: Date): Promise<number> {
  const key = `a${String(payload.allocationId)}:r${String(payload.restoreId ?? 0)}`;
  return recordEffect(tx, { matchId, kind: SERVER_SETUP, key, payload }, now.getTime());
}

/**
 * Carries out the setup now, so the admin's answer says how it went: `done`, `failed` (its first attempt
 * failed; the caller undoes the change) or `owed` (not attempted here: the worker will).
 */
async function carryOut(ctx: AppContext, matchId: number, effectId: number) {
  await runEffectsNow(ctx, [effectId]);
  const [row]: MatchEffectRow[] = (await listMatchEffects(ctx.db, { matchIds: [matchId] })).filter(
    (e) => e.id === effectId,
  );
  if (!row) return 'done';
  // No error yet: not attempted, or a worker's pass holds it right now.
  return row.lastError === null ? 'owed' : 'failed';
}

export interface RestoreOnto {
  matchId: number;
  hostId: number;
  /** The join password the players have (a match moving keeps it); null: a new one. */
  password: string | null;
  reason: RestoreReason;
}

/**
 * Puts a match in progress whose old server was released onto the free server `hostId`, restored at the
 * log's score when a map had begun. Throws a ConflictError when the server is taken or does not answer (the
 * claim and the restore undone). `owed` when the setup is left to the effects worker.
 */
export async function restoreOnto(
  ctx: AppContext,
  pool: GameServerPool,
  target: RestoreOnto,
  texts: { taken: string; failed: string },
): Promise<{ plan: RestorePlan | null; outcome: 'done' | 'owed' }> {
  const { db } = ctx;
  const { matchId, hostId } = target;
  const now = new Date(ctx.now());
  const owed = await db.transaction(async (tx) => {
    await lockMatch(tx, matchId);
    const record = await loadMatch(tx, matchId, { lock: false });
    if (record?.state.statusId !== STATUS.inProgress) return null;
    const plan = await restorePlanOf(tx, matchId);
    // The marker goes on the old allocation's log, before the new server's lines.
    const restoreId = plan ? await insertRestore(tx, matchId, plan, target.reason, now) : null;
    const setup = { ...(target.password === null ? {} : { password: target.password }), ...setupOf(plan) };
    const claimed = await pool.claimIn(tx, hostId, record, setup);
    if (!claimed) throw new ConflictError(texts.taken);
    const payload = { allocationId: claimed.allocationId, restoreId: await latestRestoreId(tx, matchId) };
    const effectId = await recordSetup(tx, matchId, { ...payload, ...setupOf(plan) }, now);
    return { plan, restoreId, effectId };
  });
  if (!owed) throw new ConflictError(texts.failed);
  const outcome = await carryOut(ctx, matchId, owed.effectId);
  if (outcome === 'failed') {
    await undo(db, pool, matchId, hostId, owed.restoreId);
    throw new ConflictError(texts.failed);
  }
  return { plan: owed.plan, outcome };
}

async function undo(
  db: Db,
  pool: GameServerPool,
  matchId: number,
  hostId: number,
  restoreId: number | null,
): Promise<void> {
  const host = await findHost(db, hostId);
  if (host?.matchId === matchId) await pool.unclaim(host, matchId, 'no-answer');
  if (restoreId !== null) await forgetRestore(db, restoreId);
}

/**
 * The match's own server restarts the map the log is at (an admin's "Restart the map at the score"). Null
 * when no map has begun; throws a ConflictError when the server does not answer (the restore undone).
 */
export async function restartAtScore(
  ctx: AppContext,
  matchId: number,
  reason: RestoreReason,
  failed: string,
): Promise<RestorePlan | null> {
  const { db } = ctx;
  const now = new Date(ctx.now());
  const owed = await db.transaction(async (tx) => {
    await lockMatch(tx, matchId);
    const allocation = await allocationOf(tx, matchId);
    const plan = await restorePlanOf(tx, matchId);
    if (!allocation || !plan) return null;
    if (allocation.password === null) await updateAllocationPassword(tx, allocation.id, randomGamePassword());
    const restoreId = await insertRestore(tx, matchId, plan, reason, now);
    const payload = { allocationId: allocation.id, restoreId, ...setupOf(plan) };
    return { plan, restoreId, effectId: await recordSetup(tx, matchId, payload, now) };
  });
  if (!owed) return null;
  if ((await carryOut(ctx, matchId, owed.effectId)) === 'failed') {
    await forgetRestore(db, owed.restoreId);
    throw new ConflictError(failed);
  }
  return owed.plan;
}
