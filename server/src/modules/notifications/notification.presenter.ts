import type { NotificationPayload } from '@versus/common/realtime';
import type { NotificationRow } from '../../db/schema/index.ts';
import { sanitizeUserHtml } from '../../lib/html.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A notification as the header panel lists it (and as `OnNotificationReceived` carries it). */
export function presentNotification(row: NotificationRow): NotificationPayload {
  const at = row.createdAt;
  return {
    id: row.id,
    message: sanitizeUserHtml(row.message),
    createdAt: `${String(at.getUTCFullYear())}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`,
    createdAtTime: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`,
    data: { redirectUrl: typeof row.data.redirectUrl === 'string' ? row.data.redirectUrl : null },
  };
}
