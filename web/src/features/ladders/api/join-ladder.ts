import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinLadderAnswer, JoinLadderInput } from '@versus/common/api/ladders';
import { apiClient } from '@/lib/api-client';
import { ladderKeys } from './ladder-keys';

/** A captain puts one of their teams on the ladder. */
export async function joinLadder(slug: string, teamId: number): Promise<string> {
  const body: JoinLadderInput = { teamId };
  return (await apiClient.post<JoinLadderAnswer>(`/api/v1/ladders/${slug}/join`, body)).data.message;
}

export function useJoinLadder(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: number) => joinLadder(slug, teamId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ladderKeys.all }),
  });
}
