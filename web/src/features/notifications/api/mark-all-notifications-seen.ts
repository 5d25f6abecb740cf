import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { MarkSeenAnswer, NotificationsPage } from '@versus/common/api/notifications';
import { withoutUnseen } from '../utils/insert-notification';
import { notificationKeys } from './notification-keys';

export async function markAllNotificationsSeen(): Promise<MarkSeenAnswer> {
  return (await apiClient.post<MarkSeenAnswer>('/api/v1/notification/mark-as-seen-all-notifications')).data;
}

/** The panel's "Mark all as seen" link, with the spec's toasts. */
export function useMarkAllNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: notificationKeys.markAll,
    mutationFn: markAllNotificationsSeen,
    onSuccess: (answer) => {
      queryClient.setQueriesData<NotificationsPage>({ queryKey: notificationKeys.all }, (page) =>
        page ? withoutUnseen(page, 'all') : page,
      );
      // The server's text: 'Notifications have been marked as seen.'
      notify.success(answer.message);
    },
    onError: () => notify.error('Failed to mark all notifications as seen.'),
  });
}
