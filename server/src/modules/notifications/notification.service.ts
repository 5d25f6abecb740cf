// The header's notifications panel: a page of the user's own notifications, marking seen, deleting.
// Every query is scoped by the signed-in user's id, so nobody can read or change another's rows.
import type { NotificationsPage } from '@versus/common/api/notifications';
import { NOTIFICATIONS_PER_PAGE } from '@versus/common/api/page-sizes';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { encodeBody, type EncodedBody } from '../../lib/etag.ts';
import { pageLinks, pageMeta } from '../../lib/pagination.ts';
import { notificationPageCache, notificationsChanged } from './notification-page-cache.ts';
import {
  deleteUserNotification,
  markNotificationsSeen,
  readNotificationPage,
} from './notification.repository.ts';
import { presentNotification } from './notification.presenter.ts';

export const NOTIFICATION_TEXTS = {
  notFound: 'Notification not found.',
  seen: 'Notifications have been marked as seen.',
  deleted: 'Notification deleted successfully',
} as const;

export async function listNotifications(db: Db, userId: number, page: number): Promise<NotificationsPage> {
  const perPage = NOTIFICATIONS_PER_PAGE;
  // One statement: the page's rows, the user's count and unseen ids (notification.repository.ts).
  const { rows, total, unseen } = await readNotificationPage(db, userId, perPage, (page - 1) * perPage);
  const meta = pageMeta(page, perPage, total, rows.length);
  return {
    data: rows.map(presentNotification),
    meta,
    links: pageLinks('/api/v1/notification', meta),
    unseenNotifications: unseen,
  };
}

/**
 * The page as bytes with its ETag: from this instance's cache until the user's notifications change
 * (notification-page-cache.ts), else read and encoded once for the requests that follow.
 */
export function notificationsPageAnswer(ctx: AppContext, userId: number, page: number): Promise<EncodedBody> {
  return notificationPageCache(ctx).page(userId, page, async () =>
    encodeBody(JSON.stringify(await listNotifications(ctx.db, userId, page))),
  );
}

/** `notificationsPageAnswer`'s answer when it is in memory now (no wait), else null. */
export function readyNotificationsPage(ctx: AppContext, userId: number, page: number): EncodedBody | null {
  return notificationPageCache(ctx).ready(userId, page);
}

/** Ids that are not the user's are ignored (nothing to report: the client only sends its own). */
export async function markSeen(ctx: AppContext, userId: number, ids: number[] | 'all', now: number) {
  const updated = await markNotificationsSeen(ctx.db, userId, ids, new Date(now));
  if (updated > 0) await notificationsChanged(ctx, [userId]);
  return { message: NOTIFICATION_TEXTS.seen, data: { updated } };
}

/** Another user's notification answers 404, exactly like a missing one (no probing of ids). */
export async function deleteNotification(ctx: AppContext, userId: number, id: number) {
  if (!(await deleteUserNotification(ctx.db, userId, id)))
    throw new NotFoundError(NOTIFICATION_TEXTS.notFound);
  await notificationsChanged(ctx, [userId]);
  return { message: NOTIFICATION_TEXTS.deleted };
}
