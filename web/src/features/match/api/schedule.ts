import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { DataEnvelope } from '@/types/api';
import type { ScheduleView } from '@versus/common/api/schedule';
import { matchKeys } from './match-keys';

/** Under `['match', id]`: a `MatchDetailUpdate` (the other captain proposed or accepted) refetches it. */
export function useSchedule(matchId: number) {
  return useQuery(
    queryOptions({
      queryKey: matchKeys.schedule(matchId),
      queryFn: async () =>
        (await apiClient.get<DataEnvelope<ScheduleView>>(`/api/v1/match-detail/schedule/${matchId}`)).data
          .data,
    }),
  );
}

interface ScheduleAnswer {
  message: string;
  data: ScheduleView;
}

/** A proposal (`times`) or an acceptance (`time`); the answer is the panel as it now is. */
function useScheduleCommand<T>(matchId: number, path: 'propose' | 'accept', body: (input: T) => object) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) =>
      (await apiClient.post<ScheduleAnswer>(`/api/v1/match-detail/schedule/${matchId}/${path}`, body(input)))
        .data,
    onSuccess: (answer) => {
      queryClient.setQueryData(matchKeys.schedule(matchId), answer.data);
      notify.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: matchKeys.detail(matchId) });
    },
  });
}

export function useProposeTimes(matchId: number) {
  return useScheduleCommand(matchId, 'propose', (times: string[]) => ({ times }));
}

export function useAcceptTime(matchId: number) {
  return useScheduleCommand(matchId, 'accept', (time: string) => ({ time }));
}
