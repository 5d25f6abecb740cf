import type { Notification, NotificationsPage } from '@versus/common/api/notifications';
import { NOTIFICATIONS_PER_PAGE } from '@versus/common/api/page-sizes';

/**
 * A live notification is prepended while the list holds fewer than this, the
 * server's page size (a longer list would no longer be the server's first page).
 */
export const PREPEND_LIMIT = NOTIFICATIONS_PER_PAGE;

/**
 * The first page after `notification` arrived live: prepended (and counted unseen) while the list holds
 * fewer than 15 entries, or null when it already holds 15 and must be refetched instead.
 */
export function insertNotification(
  page: NotificationsPage,
  notification: Notification,
): NotificationsPage | null {
  if (page.data.length >= PREPEND_LIMIT) return null;
  if (page.data.some((n) => n.id === notification.id)) return page;
  return {
    ...page,
    data: [notification, ...page.data],
    meta: { ...page.meta, total: page.meta.total + 1 },
    unseenNotifications: [
      notification.id,
      ...page.unseenNotifications.filter((id) => id !== notification.id),
    ],
  };
}

/** The page with `ids` no longer unseen. */
export function withoutUnseen(page: NotificationsPage, ids: readonly number[] | 'all'): NotificationsPage {
  const gone = ids === 'all' ? null : new Set(ids);
  return {
    ...page,
    unseenNotifications: gone === null ? [] : page.unseenNotifications.filter((id) => !gone.has(id)),
  };
}
