// The easy way for any feature to tell users something: write the rows in your transaction with
// `createNotifications`, then, after commit, `publishNotifications` sends each one on the user's
// private channel. `notifyUsers` does both for callers that have no transaction of their own.
import type { FastifyBaseLogger } from 'fastify';
import { eventWireChannel } from '@versus/common/realtime';
import type { Db, Tx } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import type { Broadcaster } from '../../realtime/index.ts';
import { insertNotifications } from './notification.repository.ts';
import type { NewNotification } from './notification.repository.ts';
import { presentNotification } from './notification.presenter.ts';

export type { NewNotification } from './notification.repository.ts';

/** What publishing needs: the broadcaster and a logger (a `MatchEngine` or the Fastify app both fit). */
export interface NotificationSender {
  broadcaster: Broadcaster;
  log: FastifyBaseLogger;
}

/**
 * Inserts notifications in the caller's transaction. `message` must already be HTML built from
 * escaped values (see `notification.texts.ts`, `team-notification.texts.ts`).
 */
export function createNotifications(
  tx: Tx,
  rows: NewNotification[],
  now: number,
): Promise<NotificationRow[]> {
  return insertNotifications(tx, rows, now);
}

/** Sends committed rows as `OnNotificationReceived`; a failed broadcast is logged, never thrown. */
export async function publishNotifications(
  sender: NotificationSender,
  rows: readonly NotificationRow[],
): Promise<void> {
  for (const row of rows) {
    try {
      await sender.broadcaster.publish(
        eventWireChannel('OnNotificationReceived', row.userId),
        'OnNotificationReceived',
        { notification: presentNotification(row) },
      );
    } catch (err) {
      sender.log.error({ err, userId: row.userId }, 'notification: broadcast failed');
    }
  }
}

/** Writes and publishes in one call (its own transaction). */
export async function notifyUsers(
  deps: NotificationSender & { db: Db; now: () => number },
  rows: NewNotification[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  const written = await deps.db.transaction((tx) => createNotifications(tx, rows, deps.now()));
  await publishNotifications(deps, written);
  return written;
}
