import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import type { DataEnvelope } from '@/types/api';
import type { MatchLineups } from '@versus/common/api/matches';
import { matchKeys } from './match-keys';

/** Under `['match', id]`: a `MatchDetailUpdate` refetches it with the rest of the room. */
const lineupKey = matchKeys.lineup;

export function useLineups(matchId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: lineupKey(matchId),
      queryFn: async () =>
        (await apiClient.get<DataEnvelope<MatchLineups>>(`/api/v1/match-detail/lineup/${matchId}`)).data.data,
      enabled,
    }),
  );
}

export function useSaveLineup(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lineup: number[]) =>
      (await apiClient.post<{ message: string }>(`/api/v1/match-detail/lineup/${matchId}`, { lineup })).data
        .message,
    onSuccess: (message) => notify.success(message),
    onError: (error) => notify.error(`An error has occurred: ${errorMessage(error)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: matchKeys.all(matchId) }),
  });
}
