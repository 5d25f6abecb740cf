import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { DataEnvelope } from '@/types/api';
import type { CalendarLinkView } from '@versus/common/api/schedule';
import { userKeys } from './user-keys';

/** The private calendar feed's URL (the first ask makes its secret). */
export function useCalendarLink() {
  return useQuery(
    queryOptions({
      queryKey: userKeys.calendar,
      queryFn: async () =>
        (await apiClient.get<DataEnvelope<CalendarLinkView>>('/api/v1/users/me/calendar')).data.data,
    }),
  );
}

/** A new secret: the old URL stops working at once. */
export function useResetCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post<{ message: string; data: CalendarLinkView }>('/api/v1/users/me/calendar/reset'))
        .data,
    onSuccess: (answer) => {
      queryClient.setQueryData(userKeys.calendar, answer.data);
      notify.success(answer.message);
    },
  });
}
