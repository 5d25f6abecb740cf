// Joining and leaving solo-queues. Every join and leave of one queue runs under that queue's row lock;
// the join that fills the queue forms the match in the same transaction, so no player lands in two
// matches and one set of players never forms two matches.
import type { JoinQueueAnswer, LeaveQueueAnswer } from '@versus/common/api/solo-queue';
import type { RealtimeEventName } from '@versus/common/realtime';
import type { AppContext } from '../../core/app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { SoloQueueRow, UserRow } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { announceFormedMatch, formMatchIfFull, playersNeeded } from './solo-queue-match.ts';
import type { FormedMatch } from './solo-queue-match.ts';
import { presentSoloQueue } from './solo-queue.presenter.ts';
import type { SoloQueueView } from './solo-queue.presenter.ts';
import {
  busyMatchOfUser,
  deleteEntry,
  insertEntry,
  listActiveQueues,
  lockQueue,
  queueOfUser,
  queuedCount,
  queuedCounts,
} from './solo-queue.repository.ts';

export const SOLO_QUEUE_TEXTS = {
  notFound: 'Solo-queue not found.',
  joined: 'You joined the queue.',
  matchFound: 'A match was found: go to the match room.',
  left: 'You left the queue.',
  alreadyHere: 'You are already in this queue.',
  alreadyElsewhere: 'You are already in another queue; leave it first.',
  notInQueue: 'You are not in this queue.',
  busy: (matchId: number) =>
    `You are still playing match #${String(matchId)}; finish it before you queue again.`,
} as const;

/** Published on the public solo-queue.{queueId} whenever a queue's size changes; not in the spec. */
export const QUEUE_UPDATE_EVENT = 'OnSoloQueueUpdate' satisfies RealtimeEventName;

export async function listQueues(ctx: AppContext, user: UserRow | null): Promise<SoloQueueView[]> {
  const queues = await listActiveQueues(ctx.db);
  const counts = await queuedCounts(ctx.db);
  const mine = user ? await queueOfUser(ctx.db, user.id) : null;
  return queues.map((q) => presentSoloQueue(q, counts.get(q.id) ?? 0, q.id === mine));
}

export type JoinResult = JoinQueueAnswer;

export async function joinQueue(ctx: AppContext, user: UserRow, queueId: number): Promise<JoinResult> {
  const now = ctx.now();
  let result: { queue: SoloQueueRow; formed: FormedMatch | null; count: number };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const queue = await lockActiveQueue(tx, queueId);
      const current = await queueOfUser(tx, user.id);
      if (current === queueId) throw new ConflictError(SOLO_QUEUE_TEXTS.alreadyHere);
      if (current !== null) throw new ConflictError(SOLO_QUEUE_TEXTS.alreadyElsewhere);
      const busy = await busyMatchOfUser(tx, user.id);
      if (busy !== null) throw new ConflictError(SOLO_QUEUE_TEXTS.busy(busy));
      await insertEntry(tx, queueId, user.id, now);
      const formed = await formMatchIfFull(ctx, tx, queue, now);
      return { queue, formed, count: await queuedCount(tx, queueId) };
    });
  } catch (err) {
    // The same user joining two queues at once: the unique index on the user decides.
    if (isUniqueViolation(err)) throw new ConflictError(SOLO_QUEUE_TEXTS.alreadyElsewhere);
    throw err;
  }
  await publishQueueSize(ctx, result.queue, result.count);
  if (result.formed) await announceFormedMatch(ctx, result.formed);
  return {
    message: result.formed ? SOLO_QUEUE_TEXTS.matchFound : SOLO_QUEUE_TEXTS.joined,
    data: {
      queue: presentSoloQueue(result.queue, result.count, result.formed === null),
      matchId: result.formed?.matchId ?? null,
    },
  };
}

export async function leaveQueue(ctx: AppContext, user: UserRow, queueId: number): Promise<LeaveQueueAnswer> {
  const { queue, count } = await ctx.db.transaction(async (tx) => {
    const locked = await lockActiveQueue(tx, queueId);
    // Once the match formed the entry is gone: leaving is possible exactly until then.
    if (!(await deleteEntry(tx, queueId, user.id))) throw new ConflictError(SOLO_QUEUE_TEXTS.notInQueue);
    return { queue: locked, count: await queuedCount(tx, queueId) };
  });
  await publishQueueSize(ctx, queue, count);
  return { message: SOLO_QUEUE_TEXTS.left, data: { queue: presentSoloQueue(queue, count, false) } };
}

async function lockActiveQueue(tx: Tx, queueId: number): Promise<SoloQueueRow> {
  const queue = await lockQueue(tx, queueId);
  if (!queue?.isActive) throw new NotFoundError(SOLO_QUEUE_TEXTS.notFound);
  return queue;
}

async function publishQueueSize(ctx: AppContext, queue: SoloQueueRow, count: number): Promise<void> {
  await ctx.publish(QUEUE_UPDATE_EVENT, queue.id, {
    queueId: queue.id,
    queuedCount: count,
    playersNeeded: playersNeeded(queue),
  });
}
