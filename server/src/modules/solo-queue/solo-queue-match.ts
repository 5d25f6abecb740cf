// Forming a solo-queue match from the players at the head of a queue, inside the join's transaction
// (which holds the queue row lock), and announcing it after commit.
import { notificationChannel, wireChannelName } from '@versus/common/realtime';
import type { RealtimeEventName, SoloQueueMatchFoundPayload } from '@versus/common/realtime';
import type { Tx } from '../../db/client.ts';
import type { NotificationRow, SoloQueueRow, UserRow } from '../../db/schema/index.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { loadMatch } from '../matches/match.repository.ts';
import { matchNotification } from '../notifications/match-notifications.ts';
import { insertNotifications } from '../notifications/notification.repository.ts';
import { presentNotification } from '../notifications/notification.presenter.ts';
import { deleteEntriesOf, firstInQueue, insertPugMatch } from './solo-queue.repository.ts';

/** Sent on each player's private notification channel when their queue forms a match. */
export const MATCH_FOUND_EVENT = 'OnSoloQueueMatchFound' satisfies RealtimeEventName;

export interface FormedMatch {
  matchId: number;
  queueId: number;
  userIds: number[];
  notifications: NotificationRow[];
}

/**
 * Captain order: the highest rating first; equal ratings go to whoever joined the queue earlier, then
 * the lower user id. The first is the challenger captain (picks first), the second the opponent captain,
 * the rest is the pool.
 */
export function captainOrder(players: { user: UserRow; joinedAt: Date }[]): number[] {
  return [...players]
    .sort(
      (a, b) =>
        b.user.elo - a.user.elo || a.joinedAt.getTime() - b.joinedAt.getTime() || a.user.id - b.user.id,
    )
    .map((p) => p.user.id);
}

export function playersNeeded(queue: Pick<SoloQueueRow, 'teamSize'>): number {
  return queue.teamSize * 2;
}

/**
 * Forms a match when the queue holds enough players (call under the queue's row lock): the first
 * 2 × team size players in join order leave the queue and become the match's players, status 10, first
 * pick due; each of them gets a notification. Returns null when the queue is not full yet.
 */
export async function formMatchIfFull(tx: Tx, queue: SoloQueueRow, now: number): Promise<FormedMatch | null> {
  const needed = playersNeeded(queue);
  const waiting = await firstInQueue(tx, queue.id, needed);
  if (waiting.length < needed) return null;
  return formMatch(tx, queue, waiting, now);
}

/** Forms the match from these players (they leave any queue): captains by `captainOrder`, the rest the pool. */
export async function formMatch(
  tx: Tx,
  queue: SoloQueueRow,
  players: { user: UserRow; joinedAt: Date }[],
  now: number,
): Promise<FormedMatch> {
  const userIds = captainOrder(players);
  await deleteEntriesOf(tx, userIds);
  const matchId = await insertPugMatch(tx, { queue, userIds, now });
  const record = await loadMatch(tx, matchId, { lock: false });
  if (!record) throw new Error(`Match ${String(matchId)} vanished in its own transaction`);
  const notifications = await insertNotifications(
    tx,
    userIds.map((userId) => matchNotification(record.state, userId, 'player-select-started')),
    now,
  );
  return { matchId, queueId: queue.id, userIds, notifications };
}

/** After commit: each player's notification, then the "go to the match room" event, on their private channel. */
export async function announceFormedMatch(engine: MatchEngine, formed: FormedMatch): Promise<void> {
  const url = `/match/${String(formed.matchId)}`;
  for (const row of formed.notifications) {
    await safePublish(engine, notificationChannel(row.userId), 'OnNotificationReceived', {
      notification: presentNotification(row),
    });
  }
  for (const userId of formed.userIds) {
    const payload: SoloQueueMatchFoundPayload = { matchId: formed.matchId, queueId: formed.queueId, url };
    await safePublish(engine, notificationChannel(userId), MATCH_FOUND_EVENT, payload);
  }
}

async function safePublish(engine: MatchEngine, echoName: string, event: string, payload: unknown) {
  try {
    await engine.broadcaster.publish(wireChannelName('private', echoName), event, payload);
  } catch (err) {
    engine.log.error({ err, event }, 'solo-queue: broadcast failed');
  }
}
