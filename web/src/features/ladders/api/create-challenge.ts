import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ChallengeAnswer, ChallengeInput } from '@versus/common/api/ladders';
import { ladderKeys } from './ladder-keys';

/** `POST /api/v1/ladders/{ladderId}/challenges`: the new match (status 1, waiting for the opponent). */
export async function createChallenge(
  ladderId: number,
  input: ChallengeInput,
): Promise<ChallengeAnswer['data']> {
  const response = await apiClient.post<ChallengeAnswer>(`/api/v1/ladders/${ladderId}/challenges`, input);
  return response.data.data;
}

export function useCreateChallenge(ladderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChallengeInput) => createChallenge(ladderId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ladderKeys.all }),
  });
}
