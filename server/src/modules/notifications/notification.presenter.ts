import type { Notification } from '@versus/common/api/notifications';
import type { NotificationRow } from '../../db/schema/index.ts';
import { sanitizeUserHtml } from '../../lib/html.ts';

/** A notification as the header panel lists it (and as `OnNotificationReceived` carries it). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    message: sanitizeUserHtml(row.message),
    // Instants, not UTC wall-clock strings: the browser shows them in the viewer's local time.
    createdAt: row.createdAt.toISOString(),
    createdAtTime: row.createdAt.toISOString(),
    data: { redirectUrl: typeof row.data.redirectUrl === 'string' ? row.data.redirectUrl : null },
  };
}
