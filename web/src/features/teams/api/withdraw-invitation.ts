import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawInvitationAnswer } from '@versus/common/api/teams';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** The captain takes back a pending invitation. Answers the server's message. */
export async function withdrawInvitation(id: number): Promise<string> {
  return (await apiClient.post<WithdrawInvitationAnswer>(`/api/v1/team-invitations/${id}/withdraw`)).data
    .message;
}

/** Runs `withdrawInvitation`, then refetches the team page (its pending list). */
export function useWithdrawInvitation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.page(slug) }),
  });
}
