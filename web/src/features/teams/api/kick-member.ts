import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamCommandAnswer } from '@versus/common/api/teams';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** The captain removes a member (not one playing an active match). Answers the server's message for the toast. */
export async function kickMember(slug: string, userId: number): Promise<string> {
  return (await apiClient.post<TeamCommandAnswer>(`/api/v1/teams/${slug}/kick/${userId}`)).data.message;
}

/** Runs `kickMember` on team `slug`, then refetches the team page. */
export function useKickMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => kickMember(slug, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.page(slug) }),
  });
}
