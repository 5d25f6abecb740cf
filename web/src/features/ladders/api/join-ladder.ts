import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ladderKeys } from './ladder-keys';

/** A captain puts one of their teams on the ladder. */
export async function joinLadder(slug: string, teamId: number): Promise<string> {
  return (await apiClient.post<{ message: string }>(`/api/v1/ladders/${slug}/join`, { teamId })).data.message;
}

export function useJoinLadder(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: number) => joinLadder(slug, teamId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ladderKeys.all }),
  });
}
