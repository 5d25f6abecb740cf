// The header's notifications panel: a page of the user's own notifications, marking seen, deleting. A
// notification has the same shape in the list and in the `OnNotificationReceived` event.
import { z } from 'zod';
import { pageLinksSchema, pageMetaSchema } from './pagination.ts';
import { idField, idParam, isoDateTime, messageAnswer } from './primitives.ts';

export const notificationSchema = z
  .object({
    id: z.number(),
    /** Sanitized HTML. */
    message: z.string(),
    /**
     * The instant it was created (ISO 8601, UTC): the browser shows the date in the viewer's local time,
     * like every other time on the site.
     */
    createdAt: isoDateTime,
    /** The same instant: the browser shows it as the local `HH:MM`. */
    createdAtTime: isoDateTime,
    data: z.object({ redirectUrl: z.string().nullable() }),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/v1/notification?page=n`: 15 a page, newest first. */
export const notificationsPageSchema = z
  .object({
    data: z.array(notificationSchema),
    meta: pageMetaSchema,
    links: pageLinksSchema,
    /** Ids of every unseen notification of the user (not only this page's). */
    unseenNotifications: z.array(z.number()),
  })
  .meta({ id: 'NotificationsPage' });
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** `POST /api/v1/notification/seen`: ids that are not the user's are ignored. */
export const markSeenBody = z.object({
  notificationIds: z
    .array(idField, { error: 'The notification ids field must be a list.' })
    .max(500, { error: 'The notification ids field must not have more than 500 items.' }),
});
export type MarkSeenInput = z.input<typeof markSeenBody>;

/** Marking seen (some or all) answers how many changed. */
export const markSeenAnswer = z.object({ message: z.string(), data: z.object({ updated: z.number() }) });
export type MarkSeenAnswer = z.infer<typeof markSeenAnswer>;

export const notificationIdParams = z.object({ id: idParam('Notification') });
export const deleteNotificationAnswer = messageAnswer;
export type DeleteNotificationAnswer = z.infer<typeof deleteNotificationAnswer>;
