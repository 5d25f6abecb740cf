import type { SubAccess, SubCandidates, SubCandidateView } from '@versus/common/api/subs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import type { DataEnvelope } from '@/types/api';
import { matchKeys } from './match-keys';

export type SubCandidate = SubCandidateView;

export async function getSubAccess(matchId: number): Promise<SubAccess> {
  const response = await apiClient.get<DataEnvelope<SubAccess>>(`/api/v1/match-detail/sub/${matchId}/access`);
  return response.data.data;
}

/** The bench (candidates) and the captain's lineup players a sub may replace (`meta.replaceable`). */
export interface SubChoices {
  candidates: SubCandidate[];
  replaceable: SubCandidates['meta']['replaceable'];
}

export async function getSubCandidates(matchId: number): Promise<SubChoices> {
  const response = await apiClient.get<SubCandidates>(`/api/v1/match-detail/sub/${matchId}`);
  return { candidates: response.data.data, replaceable: response.data.meta.replaceable };
}

export function useSubAccess(matchId: number, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: matchKeys.subAccess(matchId), queryFn: () => getSubAccess(matchId), enabled }),
  );
}

/** The candidates, fetched when the modal opens. */
export function useSubCandidates(matchId: number) {
  return useQuery(
    queryOptions({ queryKey: matchKeys.subs(matchId), queryFn: () => getSubCandidates(matchId) }),
  );
}

export function useAddSub(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, replacesUserId }: { userId: number; replacesUserId: number }) => {
      const response = await apiClient.post<{ message?: string }>(
        `/api/v1/match-detail/sub/${matchId}/${userId}`,
        { replacesUserId },
      );
      return response.data.message ?? null;
    },
    onSuccess: (message) => {
      if (message) notify.success(message);
    },
    onError: (error) => notify.error(`An error has occurred: ${errorMessage(error)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: matchKeys.all(matchId) }),
  });
}
