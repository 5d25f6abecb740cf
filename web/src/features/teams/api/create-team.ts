import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface CreateTeamInput {
  name: string;
  tag: string;
}

/** `POST /api/v1/teams`: the creator becomes the captain; answers the new team's slug. */
export async function createTeam(input: CreateTeamInput): Promise<{ slug: string; url: string }> {
  const response = await apiClient.post<{ data: { slug: string; url: string } }>('/api/v1/teams', input);
  return response.data.data;
}

export function useCreateTeam() {
  return useMutation({ mutationFn: createTeam });
}
