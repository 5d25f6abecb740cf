import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AwardAnswer, AwardInput, AwardOptions } from '@versus/common/api/results';
import { apiClient } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { DataEnvelope } from '@/types/api';
import { adminKeys } from './admin-keys';

const awardPath = (matchId: number) => `/api/v1/admin/matches/${matchId}/award`;

export async function getAwardOptions(matchId: number): Promise<AwardOptions> {
  return (await apiClient.get<DataEnvelope<AwardOptions>>(awardPath(matchId))).data.data;
}

export const awardOptionsQueryOptions = (matchId: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'award', matchId] as const,
    queryFn: () => getAwardOptions(matchId),
    staleTime: 0,
  });

/** What the award dialog offers for a match (fetched when the dialog opens). */
export function useAwardOptions(matchId: number) {
  return useQuery(awardOptionsQueryOptions(matchId));
}

export async function awardResult(matchId: number, award: AwardInput): Promise<string> {
  return (await apiClient.post<AwardAnswer>(awardPath(matchId), award)).data.message;
}

/**
 * Awards a result or a walkover; the overview's lists change with it. The success toast belongs to the
 * mutation: the awarded match leaves the list, and its row (with the dialog) is gone before a caller's own
 * callback would run.
 */
export function useAwardResult(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (award: AwardInput) => awardResult(matchId, award),
    onSuccess: (message) => notify.success(message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
