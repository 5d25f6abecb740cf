import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { NotificationsPage } from '../types';
import { withoutUnseen } from '../utils/insert-notification';
import { notificationKeys } from './notification-keys';

export async function markAllNotificationsSeen(): Promise<void> {
  await apiClient.post('/api/v1/notification/mark-as-seen-all-notifications');
}

/** The panel's "Mark all as seen" link, with the spec's toasts (section 8). */
export function useMarkAllNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsSeen,
    onSuccess: () => {
      queryClient.setQueriesData<NotificationsPage>({ queryKey: notificationKeys.all }, (page) =>
        page ? withoutUnseen(page, 'all') : page,
      );
      notify.success('Notifications have been marked as seen.');
    },
    onError: () => notify.error('Failed to mark all notifications as seen.'),
  });
}
