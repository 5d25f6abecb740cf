// The easy way for any feature to tell users something: write the rows in your transaction with
// `createNotifications`, then, after commit, `publishNotifications` sends each one on the user's
// private channel. `notifyUsers` does both for callers that have no transaction of their own.
import type { AppContext } from '../../core/app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { notificationsChanged } from './notification-page-cache.ts';
import { insertNotifications } from './notification.repository.ts';
import type { NewNotification } from './notification.repository.ts';
import { presentNotification } from './notification.presenter.ts';

export type { NewNotification } from './notification.repository.ts';

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

/**
 * Sends committed rows as `OnNotificationReceived`; a failed broadcast is logged, never thrown. First the
 * users' cached panel pages are dropped on every instance, so a panel that refetches on the event sees the row.
 */
export async function publishNotifications(ctx: AppContext, rows: readonly NotificationRow[]): Promise<void> {
  await notificationsChanged(
    ctx,
    rows.map((row) => row.userId),
  );
  for (const row of rows) {
    await ctx.publish('OnNotificationReceived', row.userId, { notification: presentNotification(row) });
  }
}

/** Writes and publishes in one call (its own transaction). */
export async function notifyUsers(ctx: AppContext, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  const written = await ctx.db.transaction((tx) => createNotifications(tx, rows, ctx.now()));
  await publishNotifications(ctx, written);
  return written;
}
