import type { TeamStats } from '@versus/common/api/team-stats';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { teamKeys } from './team-keys';

export async function getTeamStats(slug: string, vs: string | null): Promise<TeamStats> {
  const response = await apiClient.get<DataEnvelope<TeamStats>>(
    `/api/v1/teams/${encodeURIComponent(slug)}/stats`,
    { params: vs ? { vs } : {} },
  );
  return response.data.data;
}

/** A team's figures (results, roster figures, map win rates) and the head-to-head against `vs`. */
export function useTeamStats(slug: string, vs: string | null) {
  return useQuery(
    queryOptions({
      queryKey: teamKeys.stats(slug, vs),
      queryFn: () => getTeamStats(slug, vs),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `useTeamStats` with the head-to-head opponent read from the page's `?vs=`. */
export function useTeamStatsOfPage(slug: string) {
  const [params] = useSearchParams();
  return useTeamStats(slug, params.get('vs') || null);
}
