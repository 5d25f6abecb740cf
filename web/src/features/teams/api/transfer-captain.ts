import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** The captain hands the captaincy to another member. Answers the server's message for the toast. */
export async function transferCaptain(slug: string, userId: number): Promise<string> {
  return (await apiClient.post<{ message: string }>(`/api/v1/teams/${slug}/captain`, { userId })).data
    .message;
}

/** Runs `transferCaptain` on team `slug`, then refetches the team page. */
export function useTransferCaptain(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => transferCaptain(slug, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.page(slug) }),
  });
}
