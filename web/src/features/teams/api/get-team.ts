import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { TeamPage } from '@versus/common/api/teams';
import { teamKeys } from './team-keys';

export async function getTeam(slug: string): Promise<TeamPage> {
  const response = await apiClient.get<DataEnvelope<TeamPage>>(`/api/v1/teams/${encodeURIComponent(slug)}`);
  return response.data.data;
}

export const teamQueryOptions = (slug: string) =>
  queryOptions({ queryKey: teamKeys.page(slug), queryFn: () => getTeam(slug) });

/** A team's page: roster, ladders, recent matches and what the viewer may do. */
export function useTeam(slug: string) {
  return useQuery(teamQueryOptions(slug));
}
