import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaptainInput, TeamCommandAnswer } from '@versus/common/api/teams';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** The captain hands the captaincy to another member. Answers the server's message for the toast. */
export async function transferCaptain(slug: string, userId: number): Promise<string> {
  const body: CaptainInput = { userId };
  return (await apiClient.post<TeamCommandAnswer>(`/api/v1/teams/${slug}/captain`, body)).data.message;
}

/** Runs `transferCaptain` on team `slug`, then refetches the team page. */
export function useTransferCaptain(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => transferCaptain(slug, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.page(slug) }),
  });
}
