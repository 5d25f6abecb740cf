import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeaveTeamAnswer } from '@versus/common/api/teams';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** A member leaves; the last member leaving disbands the team. Answers the server's message for the toast. */
export async function leaveTeam(slug: string): Promise<string> {
  return (await apiClient.post<LeaveTeamAnswer>(`/api/v1/teams/${slug}/leave`)).data.message;
}

/** Runs `leaveTeam` on team `slug`, then refetches the team page. */
export function useLeaveTeam(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveTeam(slug),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.page(slug) }),
  });
}
