// What one transaction did to a queue and its players, announced after commit: the queue's size on its
// public channel, each changed player's whole queue status on their private channel, then the rooms of the
// matches that formed.
import type { QueueStatus, QueueStatusChange } from '@versus/common/api/solo-queue';
import type { RealtimeEventName } from '@versus/common/realtime';
import type { AppContext } from '../../core/app-context.ts';
import { pagesChanged } from '../../core/page-cache.ts';
import type { Tx } from '../../db/client.ts';
import type { SoloQueueRow } from '../../db/schema/index.ts';
import { announceFormedMatch, playersNeeded } from './solo-queue-match.ts';
import type { FormedMatch } from './solo-queue-match.ts';
import { queuedCount } from './solo-queue.repository.ts';
import { readQueueStatus } from './solo-queue-status.ts';

/** Published on the public solo-queue.{queueId} whenever a queue's size changes; not in the spec. */
export const QUEUE_UPDATE_EVENT = 'OnSoloQueueUpdate' satisfies RealtimeEventName;
/** Published on each player's private notification channel when their queue status changes. */
export const QUEUE_STATUS_EVENT = 'OnSoloQueueStatus' satisfies RealtimeEventName;

/** Collects, inside one transaction, whose queue status changed and why, and the matches that formed. */
export class QueueChanges {
  readonly changes = new Map<number, QueueStatusChange>();
  readonly formed: FormedMatch[] = [];
  /** Each changed player's status as the transaction leaves it (filled by `settle`). */
  readonly statuses = new Map<number, QueueStatus>();

  /** Records why these players' status changed; a later change of the same transaction wins. */
  note(userIds: Iterable<number>, change: QueueStatusChange): void {
    for (const userId of userIds) this.changes.set(userId, change);
  }
}

/** What `announce` needs, read at the end of the transaction. */
export interface SettledQueue {
  queue: SoloQueueRow;
  count: number;
  changes: QueueChanges;
}

/** At the end of the transaction: reads the queue's size and every changed player's status. */
export async function settle(
  tx: Tx,
  queue: SoloQueueRow,
  changes: QueueChanges,
  now: number,
): Promise<SettledQueue> {
  for (const userId of changes.changes.keys()) {
    changes.statuses.set(userId, await readQueueStatus(tx, userId, now));
  }
  return { queue, count: await queuedCount(tx, queue.id), changes };
}

/** After commit: the queue's size, each changed player's status, then each formed match's announcement. */
export async function announce(ctx: AppContext, settled: SettledQueue): Promise<void> {
  const { queue, count, changes } = settled;
  // A formed match is in its players' Active games panel (and their profiles' busy state): the cached answers
  // go on every instance before any event tells a player to look.
  if (changes.formed.length > 0) await pagesChanged(ctx);
  await ctx.publish(QUEUE_UPDATE_EVENT, queue.id, {
    queueId: queue.id,
    queuedCount: count,
    playersNeeded: playersNeeded(queue),
  });
  for (const [userId, change] of changes.changes) {
    const status = changes.statuses.get(userId);
    if (status) await ctx.publish(QUEUE_STATUS_EVENT, userId, { status, change });
  }
  for (const formed of changes.formed) await announceFormedMatch(ctx, formed);
}
