import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MarkSeenAnswer, MarkSeenInput, NotificationsPage } from '@versus/common/api/notifications';
import { withoutUnseen } from '../utils/insert-notification';
import { notificationKeys } from './notification-keys';

/** `POST /api/v1/notification/seen {notificationIds}`: the ones the user has now seen in the panel. */
export async function markNotificationsSeen(notificationIds: number[]): Promise<MarkSeenAnswer> {
  const body: MarkSeenInput = { notificationIds };
  return (await apiClient.post<MarkSeenAnswer>('/api/v1/notification/seen', body)).data;
}

/** Marks shown notifications seen and drops them from every cached unseen list (the header badge). */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsSeen,
    onSuccess: (_data, ids) =>
      queryClient.setQueriesData<NotificationsPage>({ queryKey: notificationKeys.all }, (page) =>
        page ? withoutUnseen(page, ids) : page,
      ),
  });
}
