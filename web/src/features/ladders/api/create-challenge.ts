import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { ladderKeys } from './ladder-keys';

export interface ChallengeInput {
  opponentTeamId: number;
  /** Which of the viewer's teams challenges (when they captain more than one on the ladder). */
  teamId?: number;
  bestOf: 1 | 3 | 5;
  /** ISO 8601; null = as soon as the challenge is accepted. */
  startDate: string | null;
}

/** `POST /api/v1/ladders/{ladderId}/challenges`: the new match (status 1, waiting for the opponent). */
export async function createChallenge(ladderId: number, input: ChallengeInput): Promise<{ id: number }> {
  const response = await apiClient.post<DataEnvelope<{ id: number }>>(
    `/api/v1/ladders/${ladderId}/challenges`,
    input,
  );
  return response.data.data;
}

export function useCreateChallenge(ladderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChallengeInput) => createChallenge(ladderId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ladderKeys.all }),
  });
}
