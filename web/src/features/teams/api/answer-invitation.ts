import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerInvitationAnswer } from '@versus/common/api/teams';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './team-keys';

export interface AnswerInput {
  id: number;
  accept: boolean;
}

/** Accepts (joins the team) or declines one of the user's invitations. */
export async function answerInvitation({
  id,
  accept,
}: AnswerInput): Promise<{ message: string; url: string }> {
  const response = await apiClient.post<AnswerInvitationAnswer>(
    `/api/v1/team-invitations/${id}/${accept ? 'accept' : 'decline'}`,
  );
  return { message: response.data.message, url: response.data.data.team.url };
}

export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
