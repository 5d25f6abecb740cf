import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { NotificationsPage } from '@versus/common/api/notifications';
import { notificationKeys } from './notification-keys';

export async function getNotifications(page: number): Promise<NotificationsPage> {
  const response = await apiClient.get<NotificationsPage>('/api/v1/notification', { params: { page } });
  return response.data;
}

export const notificationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: notificationKeys.page(page),
    queryFn: () => getNotifications(page),
    placeholderData: keepPreviousData,
  });

/** A page of the signed-in user's notifications; `enabled` is false while signed out. */
export function useNotifications(page: number, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(page), enabled });
}
