import { useNotifications } from '../api/get-notifications';

/** The header badge: how many of the user's notifications are unseen. */
export function useUnseenNotificationsCount(enabled: boolean): number {
  return useNotifications(1, enabled).data?.unseenNotifications.length ?? 0;
}
