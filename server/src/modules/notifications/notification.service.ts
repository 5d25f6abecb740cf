// The header's notifications panel: a page of the user's own notifications, marking seen, deleting.
// Every query is scoped by the signed-in user's id, so nobody can read or change another's rows.
import type { NotificationsPage } from '@versus/common/api/notifications';
import { NOTIFICATIONS_PER_PAGE } from '@versus/common/api/page-sizes';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { pageLinks, pageMeta } from '../../lib/pagination.ts';
import {
  countUserNotifications,
  deleteUserNotification,
  listUserNotifications,
  markNotificationsSeen,
  unseenNotificationIds,
} from './notification.repository.ts';
import { presentNotification } from './notification.presenter.ts';

export const NOTIFICATION_TEXTS = {
  notFound: 'Notification not found.',
  seen: 'Notifications have been marked as seen.',
  deleted: 'Notification deleted successfully',
} as const;

export async function listNotifications(db: Db, userId: number, page: number): Promise<NotificationsPage> {
  const perPage = NOTIFICATIONS_PER_PAGE;
  // Three index reads, side by side (each on its own pooled connection on PostgreSQL).
  const [rows, total, unseen] = await Promise.all([
    listUserNotifications(db, userId, perPage, (page - 1) * perPage),
    countUserNotifications(db, userId),
    unseenNotificationIds(db, userId),
  ]);
  const meta = pageMeta(page, perPage, total, rows.length);
  return {
    data: rows.map(presentNotification),
    meta,
    links: pageLinks('/api/v1/notification', meta),
    unseenNotifications: unseen,
  };
}

/** Ids that are not the user's are ignored (nothing to report: the client only sends its own). */
export async function markSeen(db: Db, userId: number, ids: number[] | 'all', now: number) {
  const updated = await markNotificationsSeen(db, userId, ids, new Date(now));
  return { message: NOTIFICATION_TEXTS.seen, data: { updated } };
}

/** Another user's notification answers 404, exactly like a missing one (no probing of ids). */
export async function deleteNotification(db: Db, userId: number, id: number) {
  if (!(await deleteUserNotification(db, userId, id))) throw new NotFoundError(NOTIFICATION_TEXTS.notFound);
  return { message: NOTIFICATION_TEXTS.deleted };
}
