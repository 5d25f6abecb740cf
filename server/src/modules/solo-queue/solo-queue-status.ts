// The viewer's queue status (`GET /api/v1/solo-queues/me`, `OnSoloQueueStatus`): the queue they wait in
// and their place, the pop they are in, and their cooldown.
import type { QueueStatus, SoloQueuePop } from '@versus/common/api/solo-queue';
import type { Db, Tx } from '../../db/client.ts';
import type { SoloQueuePopRow } from '../../db/schema/index.ts';
import { playersNeeded } from './solo-queue-match.ts';
import {
  acceptedCount,
  cooldownUntil,
  entryOfUser,
  findPop,
  positionOf,
} from './solo-queue-pop.repository.ts';

/** One pop as its player `accepted` (or not) sees it. */
export function presentPop(
  pop: SoloQueuePopRow,
  queue: { name: string; teamSize: number },
  values: { acceptedCount: number; accepted: boolean },
): SoloQueuePop {
  return {
    id: pop.id,
    queueId: pop.soloQueueId,
    queueName: queue.name,
    deadline: pop.deadline.toISOString(),
    seconds: Math.round((pop.deadline.getTime() - pop.createdAt.getTime()) / 1000),
    acceptedCount: values.acceptedCount,
    playersNeeded: playersNeeded(queue),
    accepted: values.accepted,
  };
}

/** Reads the user's queue status as of `now` (inside a transaction: as that transaction sees it). */
export async function readQueueStatus(db: Db | Tx, userId: number, now: number): Promise<QueueStatus> {
  const entry = await entryOfUser(db, userId);
  const cooldown = await cooldownUntil(db, userId, now);
  const status: QueueStatus = {
    entry: null,
    pop: null,
    cooldownUntil: cooldown?.toISOString() ?? null,
    now: new Date(now).toISOString(),
  };
  if (!entry) return status;
  status.entry = {
    queueId: entry.queueId,
    queueName: entry.queueName,
    joinedAt: entry.joinedAt.toISOString(),
    position: await positionOf(db, entry),
  };
  const pop = entry.popId === null ? null : await findPop(db, entry.popId);
  if (pop?.status === 'open') {
    status.pop = presentPop(
      pop,
      { name: entry.queueName, teamSize: entry.teamSize },
      { acceptedCount: await acceptedCount(db, pop.id), accepted: entry.acceptedAt !== null },
    );
  }
  return status;
}
