import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { notificationKeys } from './notification-keys';

export async function deleteNotification(id: number | string): Promise<void> {
  await apiClient.delete(`/api/v1/notification/${id}`);
}

/** Deletes one of the user's notifications, with the spec's toasts (section 8), then refetches the list. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => notify.success('Notification deleted successfully'),
    onError: () => notify.error('Failed to delete notification.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
