import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteAnswer, InviteInput } from '@versus/common/api/teams';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** The captain invites a player by username (422 `errors.username` when unknown, a member or invited). Answers the server's message for the toast. */
export async function invitePlayer(slug: string, username: string): Promise<string> {
  const body: InviteInput = { username };
  return (await apiClient.post<InviteAnswer>(`/api/v1/teams/${slug}/invitations`, body)).data.message;
}

/** Runs `invitePlayer` on team `slug`, then refetches the team page. */
export function useInvitePlayer(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => invitePlayer(slug, username),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.page(slug) }),
  });
}
