import { notificationChannel } from '@versus/common/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useChannelEvent } from '@/hooks/use-echo';
import { notificationKeys } from '../api/notification-keys';
import type { NotificationsPage } from '@versus/common/api/notifications';
import { insertNotification } from '../utils/insert-notification';

/**
 * Keeps the notifications list live on `private-notification.{userId}` (null: signed out, nothing).
 * Page 1 gets the new entry prepended unless it already holds 15, in which case it is refetched; later
 * pages shift by one, so they are refetched when next shown. `onReceived` lets the caller react too.
 */
export function useLiveNotifications(userId: number | null, onReceived?: () => void): boolean {
  const queryClient = useQueryClient();
  return useChannelEvent(
    userId === null ? null : notificationChannel(userId),
    'OnNotificationReceived',
    ({ notification }) => {
      const first = queryClient.getQueryData<NotificationsPage>(notificationKeys.page(1));
      const next = first ? insertNotification(first, notification) : null;
      if (next) queryClient.setQueryData(notificationKeys.page(1), next);
      else void queryClient.invalidateQueries({ queryKey: notificationKeys.page(1) });
      void queryClient.invalidateQueries({
        queryKey: notificationKeys.all,
        predicate: (query) => query.queryKey[1] !== 1,
        refetchType: 'none',
      });
      onReceived?.();
    },
    { refetch: [notificationKeys.all] },
  );
}
