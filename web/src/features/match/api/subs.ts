import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import type { DataEnvelope } from '@/types/api';
import { matchKeys } from './match-keys';

export interface SubCandidate {
  id: number;
  username: string;
  /** Server-sanitized HTML. */
  formattedUsername: string;
  image: string | null;
  flag: string | null;
}

export async function getSubAccess(matchId: number): Promise<{ showButton: boolean }> {
  const response = await apiClient.get<DataEnvelope<{ showButton: boolean }>>(
    `/api/v1/match-detail/sub/${matchId}/access`,
  );
  return response.data.data;
}

export async function getSubCandidates(matchId: number): Promise<SubCandidate[]> {
  const response = await apiClient.get<DataEnvelope<SubCandidate[]>>(`/api/v1/match-detail/sub/${matchId}`);
  return response.data.data;
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
    mutationFn: async (userId: number) => {
      const response = await apiClient.post<{ message?: string }>(
        `/api/v1/match-detail/sub/${matchId}/${userId}`,
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
