import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { TeamList } from '@versus/common/api/teams';
import { teamKeys } from './team-keys';

export async function getTeamList(page: number, search: string): Promise<TeamList> {
  const response = await apiClient.get<TeamList>('/api/v1/teams', {
    params: { page, ...(search ? { search } : {}) },
  });
  return response.data;
}

/** One page of every team (the viewer's own first), filtered by `search` (name or tag). */
export function useTeamList(page: number, search: string) {
  return useQuery({
    queryKey: teamKeys.list(page, search),
    queryFn: () => getTeamList(page, search),
    placeholderData: keepPreviousData,
  });
}
