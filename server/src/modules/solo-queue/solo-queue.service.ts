// Joining and leaving solo-queues. Every join and leave of one queue runs under that queue's row lock;
// the join that fills the queue starts a pop (the ready check, see solo-queue-pop.ts) in the same
// transaction, so no player lands in two pops or matches and one set of players never forms two.
import type { JoinQueueAnswer, LeaveQueueAnswer, QueueStatus } from '@versus/common/api/solo-queue';
import { formatQueueClock } from '@versus/common/queue/pop';
import type { AppContext } from '../../core/app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { SoloQueueRow, UserRow } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { announce, QueueChanges, settle } from './solo-queue-changes.ts';
import type { SettledQueue } from './solo-queue-changes.ts';
import { applyPopCommand, expireDuePopsOf, POP_TEXTS, startPops } from './solo-queue-pop.ts';
import { cooldownUntil, entryOfUser, findPop } from './solo-queue-pop.repository.ts';
import { playingElsewhere } from '../league-rules/index.ts';
import { presentSoloQueue } from './solo-queue.presenter.ts';
import type { SoloQueueView } from './solo-queue.presenter.ts';
import {
  deleteEntry,
  insertEntry,
  listActiveQueues,
  lockQueue,
  queueOfUser,
  queuedCounts,
} from './solo-queue.repository.ts';
import { readQueueStatus } from './solo-queue-status.ts';
import { assertNotBanned } from '../bans/index.ts';

export const SOLO_QUEUE_TEXTS = {
  notFound: 'Solo-queue not found.',
  joined: 'You joined the queue.',
  popped: 'A match was found: accept it in the ready check.',
  left: 'You left the queue.',
  alreadyHere: 'You are already in this queue.',
  alreadyElsewhere: 'You are already in another queue; leave it first.',
  notInQueue: 'You are not in this queue.',
  busy: (matchId: number) =>
    `You are still playing match #${String(matchId)}; finish it before you queue again.`,
  coolingDown: (left: string) => `You did not accept a match: you can queue again in ${left}.`,
} as const;

export async function listQueues(ctx: AppContext, user: UserRow | null): Promise<SoloQueueView[]> {
  const queues = await listActiveQueues(ctx.db);
  const counts = await queuedCounts(ctx.db);
  const mine = user ? await queueOfUser(ctx.db, user.id) : null;
  return queues.map((q) => presentSoloQueue(q, counts.get(q.id) ?? 0, q.id === mine));
}

/** `GET /api/v1/solo-queues/me`: the viewer's queue, place, pop and cooldown. */
export async function myQueueStatus(ctx: AppContext, user: UserRow): Promise<QueueStatus> {
  return readQueueStatus(ctx.db, user.id, ctx.now());
}

export async function joinQueue(ctx: AppContext, user: UserRow, queueId: number): Promise<JoinQueueAnswer> {
  const now = ctx.now();
  await assertNotBanned(ctx.db, user.id, now);
  const changes = new QueueChanges();
  let settled: SettledQueue;
  try {
    settled = await ctx.db.transaction(async (tx) => {
      const queue = await lockActiveQueue(tx, queueId);
      const current = await queueOfUser(tx, user.id);
      if (current === queueId) throw new ConflictError(SOLO_QUEUE_TEXTS.alreadyHere);
      if (current !== null) throw new ConflictError(SOLO_QUEUE_TEXTS.alreadyElsewhere);
      await refuseWhileCoolingDown(tx, user.id, now);
      // One match in play at a time, whatever its type (docs/league-rules.md).
      const [busy] = await playingElsewhere(tx, [user.id], null);
      if (busy) throw new ConflictError(SOLO_QUEUE_TEXTS.busy(busy.matchId));
      await insertEntry(tx, queueId, user.id, now);
      changes.note([user.id], 'joined');
      await startPops(ctx, tx, queue, now, changes);
      return settle(tx, queue, changes, now);
    });
  } catch (err) {
    // The same user joining two queues at once: the unique index on the user decides.
    if (isUniqueViolation(err)) throw new ConflictError(SOLO_QUEUE_TEXTS.alreadyElsewhere);
    throw err;
  }
  await announce(ctx, settled);
  const status = settled.changes.statuses.get(user.id) ?? (await readQueueStatus(ctx.db, user.id, now));
  return {
    message: status.pop ? SOLO_QUEUE_TEXTS.popped : SOLO_QUEUE_TEXTS.joined,
    data: { queue: presentSoloQueue(settled.queue, settled.count, true), status },
  };
}

/**
 * Leaves the queue. During a pop this is a decline (the player leaves with the cooldown, the others wait
 * again); a pop already past its deadline first ends by the deadline's rule. A closed queue can still be left.
 */
export async function leaveQueue(ctx: AppContext, user: UserRow, queueId: number): Promise<LeaveQueueAnswer> {
  const now = ctx.now();
  const changes = new QueueChanges();
  let declined = false;
  const settled = await ctx.db.transaction(async (tx) => {
    const queue = await lockQueue(tx, queueId);
    if (!queue) throw new NotFoundError(SOLO_QUEUE_TEXTS.notFound);
    const before = await entryOfUser(tx, user.id);
    if (before?.queueId !== queueId) throw new ConflictError(SOLO_QUEUE_TEXTS.notInQueue);
    await expireDuePopsOf(ctx, tx, queue, now, changes);
    const entry = await entryOfUser(tx, user.id);
    const pop = entry?.popId ? await findPop(tx, entry.popId) : null;
    if (pop?.status === 'open') {
      await applyPopCommand(ctx, tx, queue, pop, { type: 'decline', userId: user.id }, now, changes);
      declined = true;
    } else if (entry) {
      await deleteEntry(tx, queueId, user.id);
      changes.note([user.id], 'left');
    }
    return settle(tx, queue, changes, now);
  });
  await announce(ctx, settled);
  const status = settled.changes.statuses.get(user.id) ?? (await readQueueStatus(ctx.db, user.id, now));
  return {
    message: declined ? POP_TEXTS.declined : SOLO_QUEUE_TEXTS.left,
    data: { queue: presentSoloQueue(settled.queue, settled.count, false), status },
  };
}

/** A player who declined or missed a pop waits out the cooldown before joining again. */
async function refuseWhileCoolingDown(tx: Tx, userId: number, now: number): Promise<void> {
  const until = await cooldownUntil(tx, userId, now);
  if (until)
    throw new ConflictError(SOLO_QUEUE_TEXTS.coolingDown(formatQueueClock(until.getTime() - now + 999)));
}

async function lockActiveQueue(tx: Tx, queueId: number): Promise<SoloQueueRow> {
  const queue = await lockQueue(tx, queueId);
  if (!queue?.isActive) throw new NotFoundError(SOLO_QUEUE_TEXTS.notFound);
  return queue;
}
