import type { NotificationPayload } from '@versus/common/realtime';

/** A notification as the panel lists it (spec section 3); `message` is server-sanitized HTML. */
export type Notification = NotificationPayload;

/** `GET /api/v1/notification?page=n`. */
export interface NotificationsPage {
  data: Notification[];
  meta: { current_page: number; last_page: number; total: number };
  links: { next: string | null; prev: string | null };
  /** Ids of every unseen notification of the user (not only this page's). */
  unseenNotifications: (number | string)[];
}
