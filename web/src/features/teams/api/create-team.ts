import { useMutation } from '@tanstack/react-query';
import type { CreateTeamAnswer, CreateTeamInput } from '@versus/common/api/teams';
import { apiClient } from '@/lib/api-client';

/** `POST /api/v1/teams`: the creator becomes the captain; answers the new team's slug. */
export async function createTeam(input: CreateTeamInput): Promise<CreateTeamAnswer['data']> {
  const response = await apiClient.post<CreateTeamAnswer>('/api/v1/teams', input);
  return response.data.data;
}

export function useCreateTeam() {
  return useMutation({ mutationFn: createTeam });
}
