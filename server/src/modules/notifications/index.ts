// The notifications module's front door: write notifications in your transaction, publish them after
// commit, and the texts they carry. Match notifications come from match events (a subscriber).
export { notificationRoutes } from './notification.routes.ts';
export { connectNotificationChanges } from './notification-page-cache.ts';
export { createNotifications, notifyUsers, publishNotifications } from './notify.ts';
export type { NewNotification } from './notify.ts';
export { matchNotification, matchNotificationsSubscriber } from './match-notifications.ts';
export { notificationMessage } from './notification.texts.ts';
export { teamNotificationMessage } from './team-notification.texts.ts';
export type { TeamNotifyKind } from './team-notification.texts.ts';
export { NOTIFICATION_TEXTS } from './notification.service.ts';
