import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteNotificationAnswer } from '@versus/common/api/notifications';
import { apiClient } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { notificationKeys } from './notification-keys';

export async function deleteNotification(id: number): Promise<string> {
  return (await apiClient.delete<DeleteNotificationAnswer>(`/api/v1/notification/${id}`)).data.message;
}

/** Deletes one of the user's notifications, with the spec's toasts, then refetches the list. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    // The server's text: 'Notification deleted successfully'.
    onSuccess: (message) => notify.success(message),
    onError: () => notify.error('Failed to delete notification.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
